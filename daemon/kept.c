/*
 * kept.c - games that outlive their connection: RESUME <token>.
 *
 * Every TCP session is given a token at start: 80 bits of the system's
 * randomness (uv_random), written as 16 characters of a 32-letter alphabet
 * that leaves out the letters a person mistakes for digits (i, l, o, u).
 * VIEW's status line shows it while the session has a game.  When the
 * session ends for any reason (the peer's FIN or reset, BYE, a timeout)
 * with a game still being played (one with a move at least: a game never
 * touched costs nothing to start again, and keeping it would cost others
 * their kept games), the game moves out of the session into server->kept
 * for --keep-games seconds, still counted in --max-memory and against the
 * address that played it last.  RESUME <token> on any connection
 * takes it over, once; a token that names a session still open takes its
 * game from it (a laptop whose Wi-Fi dropped leaves its old connection
 * open until the idle timeout), and that session is told and closed.
 *
 * A wrong token learns nothing: every token is compared in full, in time
 * that does not depend on where it differs, and every miss gets the same
 * ERR.  One address keeps at most --max-per-address games, past which its
 * own oldest goes; the server keeps at most --max-clients, past which the
 * oldest of the address keeping the most goes (addresses.c finds it), so a
 * crowd of addresses leaving games cannot push out one that kept fewer.
 * A game is charged to and listed under the address whose session held
 * it last: a game resumed elsewhere moves with its memory.
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
    addresses_unkeep(&s->addresses, k);
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
            memory_charge_to(&c->account, game->block);
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
        memory_charge_to(&c->account, game->block);
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

/* The oldest game of the address keeping the most. */
static struct kept_game *kept_first_to_go(struct server *s)
{
    struct address_record *top = addresses_most_kept(&s->addresses);
    return top != NULL ? top->oldest : s->kept.head;
}

/* k (its game and record set) joins the kept games, under token, for
 * --keep-games, charged to and listed under owner; past one address's
 * share its own oldest goes, past the server's the oldest of the address
 * keeping the most (which may be k's owner, now keeping one more).  When
 * the address table cannot count it, k goes at once, record and all. */
static void kept_add(struct server *s, struct kept_game *k, const char *token,
                     const struct peer_key *owner)
{
    struct address_record *record;

    if (!addresses_reserve(&s->addresses)
        || (record = addresses_record(&s->addresses, owner)) == NULL) {
        journal_drop(&s->journal, &k->record);
        sap_kept_game_release(&k->game, &s->own_account.table);
        free(k);
        return;
    }
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
    addresses_keep(&s->addresses, record, k);
    /* Counted first, so that the owner is never forgotten meanwhile. */
    if (record->kept > s->max_per_address)
        kept_drop(s, record->oldest);
    if (s->kept.count > s->options->max_clients)
        kept_drop(s, kept_first_to_go(s));
}

/* Whether c's game is kept: then its record goes with it.  A game that is
 * not kept is over, and so is its record, but at the stop: then every game
 * in play stays on disk, for the next start. */
static void kept_keep(struct conn *c)
{
    struct server *s = c->server;
    const sap_game *game = sap_session_game(&c->session);
    struct kept_game *k;

    if (c->kind != CONN_TCP || c->token[0] == '\0' || s->options->keep_games == 0 || s->stopping
        || game == NULL || sap_game_clicks(game) == 0)
        return;
    k = malloc(sizeof *k);
    if (k == NULL)
        return; /* the game goes with its session */
    if (sap_session_take_game(&c->session, &k->game) != SAP_OK) {
        free(k);
        return;
    }
    k->record = NULL;
    journal_hand_over(&c->record, &k->record); /* dropped with k, if k goes */
    kept_add(s, k, c->token, &c->peer);
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
    k->record = record;
    record->holder = &k->record;
    kept_add(s, k, token, owner);
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
    const struct address_record *r;
    struct kept_game *k;

    if (owner == NULL) {
        k = kept_first_to_go(s);
    } else {
        r = addresses_find(&s->addresses, owner);
        k = r != NULL ? r->oldest : NULL;
    }
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
