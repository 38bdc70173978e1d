/*
 * server.c - listening sockets, accepting, the client limit, idle timeouts
 * and the orderly stop on SIGINT/SIGTERM.
 */
#include <string.h>

#include <uv.h>

#include "sapperd.h"
#include "internal.h" /* sap_parse_u32 */

/* Splits "IPV4:PORT" or "[IPV6]:PORT" into a socket address. */
static bool parse_address(const char *text, struct sockaddr_storage *address)
{
    char host[SAPPERD_ADDRESS_MAX];
    const char *port_text;
    size_t host_len;
    uint32_t port;

    memset(address, 0, sizeof *address);
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (close == NULL || close[1] != ':')
            return false;
        host_len = (size_t)(close - text - 1);
        if (host_len == 0 || host_len >= sizeof host)
            return false;
        memcpy(host, text + 1, host_len);
        host[host_len] = '\0';
        port_text = close + 2;
    } else {
        const char *colon = strrchr(text, ':');
        if (colon == NULL)
            return false;
        host_len = (size_t)(colon - text);
        if (host_len == 0 || host_len >= sizeof host || memchr(text, ':', host_len) != NULL)
            return false;
        memcpy(host, text, host_len);
        host[host_len] = '\0';
        port_text = colon + 1;
    }
    if (sap_parse_u32(port_text, strlen(port_text), &port) != SAP_OK || port > 65535u)
        return false;
    if (text[0] == '[')
        return uv_ip6_addr(host, (int)port, (struct sockaddr_in6 *)address) == 0;
    /* uv_ip4_addr accepts short forms inet_aton knows; ask for four parts. */
    {
        unsigned dots = 0;
        size_t k;
        for (k = 0; k < host_len; k++)
            dots += host[k] == '.';
        if (dots != 3)
            return false;
    }
    return uv_ip4_addr(host, (int)port, (struct sockaddr_in *)address) == 0;
}

bool sapperd_address_valid(const char *text)
{
    struct sockaddr_storage address;
    return parse_address(text, &address);
}

int sapperd_serve(const struct sapperd_options *options)
{
    (void)options;
    sapperd_log("serving is not built yet");
    return 1;
}
