/*
 * kept.c - games that outlive their connection: RESUME <token>.
 *
 * Every TCP session is given a token at start: 80 bits of the system's
 * randomness (uv_random), written as 16 characters of a 32-letter alphabet
 * that leaves out the letters a person mistakes for digits (i, l, o, u).
 * VIEW's status line shows it while the session has a game.  When the
 * session ends for any reason (the peer's FIN or reset, BYE, a timeout)
 * with a game still being played, the game moves out of the session into
 * server->kept for --keep-games seconds, still counted in --max-memory and
 * against the address that played it.  RESUME <token> on any connection
 * takes it over, once; a token that names a session still open takes its
 * game from it (a laptop whose Wi-Fi dropped leaves its old connection
 * open until the idle timeout), and that session is told and closed.
 *
 * A wrong token learns nothing: every token is compared in full, in time
 * that does not depend on where it differs, and every miss gets the same
 * ERR.  One address keeps at most --max-per-address games and the server
 * at most --max-clients: past either, the oldest goes first.
 */
#include <stdlib.h>
#include <string.h>

#include "sapperd.h"

static const char token_alphabet[32] = "0123456789abcdefghjkmnpqrstvwxyz";

/* Equal tokens, in time that depends on the lengths alone. */
static bool token_equal(const char *kept, const char *token, size_t length)
{
    unsigned diff = 0;
    size_t i;

    if (length != SAPPERD_TOKEN_CHARS || kept[0] == '\0')
        return false;
    for (i = 0; i < SAPPERD_TOKEN_CHARS; i++)
        diff |= (unsigned)(unsigned char)kept[i] ^ (unsigned)(unsigned char)token[i];
    return diff == 0;
}

static void kept_unlink(struct kept_games *list, struct kept_game *k)
{
    if (k->prev != NULL)
        k->prev->next = k->next;
    else
        list->head = k->next;
    if (k->next != NULL)
        k->next->prev = k->prev;
    else
        list->tail = k->prev;
    list->count--;
}

static void kept_drop(struct server *s, struct kept_game *k)
{
    journal_drop(&s->journal, &k->record);
    kept_unlink(&s->kept, k);
    sap_kept_game_release(&k->game, &s->own_account.table);
    free(k);
}

/* A game resumed on c: its record goes with it, under c's token, and
 * c's own game (which the session gives back) is over.  A session without
 * a token (stdin's) records no game: there the record ends. */
static void kept_move_record(struct conn *c, struct journal_game **from)
{
    struct journal *j = &c->server->journal;

    journal_drop(j, &c->record);
    if (c->token[0] == '\0') {
        journal_drop(j, from);
        return;
    }
    journal_hand_over(from, &c->record);
    journal_retoken(j, &c->record, c->token, &c->peer);
}

/* The session c asks for the game under token[0..length). */
static int kept_resume(void *context, const char *token, size_t length,
                       struct sap_kept_game *game)
{
    struct conn *c = context, *other, *next;
    struct server *s = c->server;
    struct kept_game *k;

    for (k = s->kept.head; k != NULL; k = k->next) {
        if (token_equal(k->token, token, length)) {
            *game = k->game;
            k->game.block = NULL;
            kept_move_record(c, &k->record);
            kept_drop(s, k);
            return SAP_OK;
        }
    }
    CONN_LIST_EACH(&s->active, other, next)
    {
        if (other == c || !token_equal(other->token, token, length))
            continue;
        if (sap_session_busy(&other->session))
            return SAP_ERR_STATE;
        if (sap_session_take_game(&other->session, game) != SAP_OK)
            return SAP_ERR_ARG; /* no game in play there */
        kept_move_record(c, &other->record);
        conn_drain_saying(other, s->resumed_line);
        return SAP_OK;
    }
    return SAP_ERR_ARG;
}

void kept_session_start(struct conn *c)
{
    uint8_t raw[SAPPERD_TOKEN_BYTES];
    unsigned i;

    c->token[0] = '\0';
    if (c->server->options->keep_games == 0)
        return; /* RESUME says the server keeps no games */
    if (c->kind == CONN_TCP && uv_random(NULL, NULL, raw, sizeof raw, 0, NULL) == 0) {
        /* 5 bits a character, from the 80 bits in order. */
        for (i = 0; i < SAPPERD_TOKEN_CHARS; i++) {
            unsigned bit = i * 5u, byte = bit / 8u, shift = bit % 8u;
            unsigned v = raw[byte]
                         | (byte + 1u < sizeof raw ? (unsigned)raw[byte + 1u] << 8 : 0u);
            c->token[i] = token_alphabet[(v >> shift) & 31u];
        }
        c->token[SAPPERD_TOKEN_CHARS] = '\0';
        if (journal_on(&c->server->journal))
            sap_session_set_record(&c->session, journal_hook, c);
    }
    sap_session_set_resume(&c->session, kept_resume, c, c->token);
}

/* The oldest game kept for owner, and how many it has. */
static struct kept_game *oldest_of(struct server *s, const struct peer_key *owner,
                                   uint32_t *count)
{
    struct kept_game *k, *oldest = NULL;

    *count = 0;
    for (k = s->kept.head; k != NULL; k = k->next) {
        if (peer_key_equal(&k->owner, owner)) {
            if (oldest == NULL)
                oldest = k;
            ++*count;
        }
    }
    return oldest;
}

/* k (its game set) joins the kept games, under token, for --keep-games;
 * past one address's share or the server's, the oldest goes first. */
static void kept_add(struct server *s, struct kept_game *k, const char *token,
                     const struct peer_key *owner)
{
    struct kept_game *oldest;
    uint32_t count;

    oldest = oldest_of(s, owner, &count);
    if (count >= s->max_per_address)
        kept_drop(s, oldest);
    if (s->kept.count >= s->options->max_clients)
        kept_drop(s, s->kept.head);
    memcpy(k->token, token, SAPPERD_TOKEN_CHARS);
    k->token[SAPPERD_TOKEN_CHARS] = '\0';
    k->owner = *owner;
    k->expires = uv_now(s->loop) + (uint64_t)s->options->keep_games * 1000u;
    k->next = NULL;
    k->prev = s->kept.tail;
    if (s->kept.tail != NULL)
        s->kept.tail->next = k;
    else
        s->kept.head = k;
    s->kept.tail = k;
    s->kept.count++;
}

/* Whether c's game is kept: then its record goes with it.  A game that is
 * not kept is over, and so is its record, but at the stop: then every game
 * in play stays on disk, for the next start. */
static void kept_keep(struct conn *c)
{
    struct server *s = c->server;
    struct kept_game *k;

    if (c->kind != CONN_TCP || c->token[0] == '\0' || s->options->keep_games == 0
        || s->stopping)
        return;
    k = malloc(sizeof *k);
    if (k == NULL)
        return; /* the game goes with its session */
    if (sap_session_take_game(&c->session, &k->game) != SAP_OK) {
        free(k);
        return;
    }
    k->record = NULL;
    kept_add(s, k, c->token, &c->peer);
    journal_hand_over(&c->record, &k->record);
}

void kept_take_from(struct conn *c)
{
    kept_keep(c);
    if (c->server->stopping)
        journal_forget(&c->record);
    else
        journal_drop(&c->server->journal, &c->record);
}

bool kept_restore(struct server *s, struct journal_game *record, const char *token,
                  const struct peer_key *owner, struct sap_kept_game *game)
{
    struct kept_game *k = malloc(sizeof *k);

    if (k == NULL)
        return false;
    k->game = *game;
    game->block = NULL;
    game->game = NULL;
    k->record = NULL;
    kept_add(s, k, token, owner);
    k->record = record;
    record->holder = &k->record;
    return true;
}

void kept_sweep(struct server *s, uint64_t now)
{
    /* Kept in the order they were taken, all for the same time: the
     * oldest expire first. */
    while (s->kept.head != NULL && now >= s->kept.head->expires)
        kept_drop(s, s->kept.head);
}

bool kept_reclaim(void *context, const struct peer_key *owner)
{
    struct server *s = context;
    struct kept_game *k;
    uint32_t count;

    k = owner == NULL ? s->kept.head : oldest_of(s, owner, &count);
    if (k == NULL)
        return false;
    kept_drop(s, k);
    return true;
}

void kept_free_all(struct server *s)
{
    while (s->kept.head != NULL) {
        journal_forget(&s->kept.head->record);
        kept_drop(s, s->kept.head);
    }
}
