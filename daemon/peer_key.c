/*
 * peer_key.c - a client's address as the limits count it: an IPv4
 * address, or an IPv6 address's /64 network, since one host is usually
 * given a whole /64 and could otherwise take a new address for each
 * connection.  --max-per-address, --max-memory-per-address, the kept
 * games' owners and the log lines all go by this key.
 */
#include <stdio.h>
#include <string.h>

#include "sapperd.h"

bool peer_key_from(struct peer_key *key, const struct sockaddr_storage *address)
{
    memset(key, 0, sizeof *key);
    if (address->ss_family == AF_INET) {
        const struct sockaddr_in *a4 = (const struct sockaddr_in *)address;
        key->family = 4;
        memcpy(key->bytes, &a4->sin_addr, 4);
        return true;
    }
    if (address->ss_family == AF_INET6) {
        const struct sockaddr_in6 *a6 = (const struct sockaddr_in6 *)address;
        key->family = 6;
        memcpy(key->bytes, &a6->sin6_addr, 8); /* the /64 network */
        return true;
    }
    return false;
}

bool peer_key_equal(const struct peer_key *a, const struct peer_key *b)
{
    return a->family == b->family && memcmp(a->bytes, b->bytes, sizeof a->bytes) == 0;
}

void peer_key_format(const struct peer_key *key, char *text, size_t size)
{
    if (key->family == 4) {
        snprintf(text, size, "%u.%u.%u.%u", key->bytes[0], key->bytes[1], key->bytes[2],
                 key->bytes[3]);
    } else if (key->family == 6) {
        struct sockaddr_in6 a6;
        char host[64];
        memset(&a6, 0, sizeof a6);
        memcpy(&a6.sin6_addr, key->bytes, 8);
        if (uv_ip6_name(&a6, host, sizeof host) != 0)
            strcpy(host, "?");
        snprintf(text, size, "%s/64", host);
    } else {
        snprintf(text, size, "an unknown address");
    }
}
