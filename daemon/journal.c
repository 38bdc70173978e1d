/*
 * journal.c - the games kept on disk (--state-dir): the live games'
 * records in memory, and the frames that tell the file of each change.
 *
 * Every game in play on a TCP session or kept for RESUME has a record in
 * memory (record.c: its start and its steps) and in DIR/games.journal
 * (disk.c).  The session's record hook (sap_session_set_record) tells of
 * each change as it is made; the change goes into the game's record and,
 * framed, into `pending`, which disk.c writes before any reply goes out.
 * The frames (record.c makes them):
 *
 *   'H'  the file's head: magic, format version, this build's limits
 *   'G'  id, a game's record (a new game, or a whole one in a rewrite)
 *   'S'  id, one step of that game
 *   'D'  id: the game is over, given back or expired
 *   'T'  id, token, owner: RESUME gave the game to another session
 *   'L'  old id, new id, a record: a no-guess or casual board's mines
 *        are laid, and its record starts again from its layout
 *
 * A game's record moves with it: a session's, a kept game's (each holds
 * it by a pointer the record knows, so that a record that goes clears
 * it).  Ids only grow, and the list of live games is in their order, so
 * that a rewrite writes them as a reader expects them (restore.c).
 *
 * --state-max-bytes bounds the live records (as framed), which are also
 * what the journal holds in memory: past it, the largest record gives way
 * (its game plays on, but would not outlive a restart), and the log says
 * so once a second at most.
 */
#include <stdlib.h>
#include <string.h>

#include "sapperd.h"

/* The bytes a game's 'G' frame takes: what the live games count. */
static uint64_t game_frame_bytes(const struct journal_game *g)
{
    size_t body = record_varint_length(g->id) + g->record.length;
    return 1u + record_varint_length(body) + body + 4u;
}

/* ---- the live games --------------------------------------------------------------- */

static void unlink_game(struct journal *j, struct journal_game *g)
{
    if (g->prev != NULL)
        g->prev->next = g->next;
    else
        j->head = g->next;
    if (g->next != NULL)
        g->next->prev = g->prev;
    else
        j->tail = g->prev;
    j->games--;
    j->live -= game_frame_bytes(g);
}

static void link_game(struct journal *j, struct journal_game *g)
{
    g->next = NULL;
    g->prev = j->tail;
    if (j->tail != NULL)
        j->tail->next = g;
    else
        j->head = g;
    j->tail = g;
    j->games++;
    j->live += game_frame_bytes(g);
}

static void free_game(struct journal *j, struct journal_game *g)
{
    unlink_game(j, g);
    if (g->holder != NULL)
        *g->holder = NULL;
    record_bytes_free(&g->record);
    free(g);
}

/* A frame into pending; a journal out of memory for it forgets the game
 * rather than write a file that would replay it wrong. */
static bool pend(struct journal *j, uint8_t type, uint32_t id, const void *a, size_t na,
                 const void *b, size_t nb)
{
    return record_frame(&j->pending, type, false, id, a, na, b, nb);
}

static void drop_game(struct journal *j, struct journal_game *g)
{
    (void)pend(j, JOURNAL_DROP, g->id, NULL, 0, NULL, 0);
    free_game(j, g);
}

/* Room under --state-max-bytes for `more` bytes: the largest records give
 * way (maybe `keep` itself, then false). */
static bool make_room(struct journal *j, uint64_t more, const struct journal_game *keep)
{
    while (j->live + more > j->server->options->state_max_bytes) {
        struct journal_game *g, *largest = NULL;
        bool is_keep;
        for (g = j->head; g != NULL; g = g->next)
            if (largest == NULL || g->record.length > largest->record.length)
                largest = g;
        if (largest == NULL)
            return false; /* one record alone is past it */
        is_keep = largest == keep;
        drop_game(j, largest);
        j->given_up.unlogged++;
        if (is_keep)
            return false;
    }
    return true;
}

bool journal_on(const struct journal *j)
{
    return j->dir_fd >= 0 && !j->closed;
}

void journal_begin(struct journal *j, struct journal_game **holder, const char *token,
                   const struct peer_key *owner, const sap_game *game,
                   const struct sap_record *event)
{
    struct journal_game *g;

    journal_drop(j, holder);
    if (!journal_on(j) || game == NULL)
        return;
    g = calloc(1, sizeof *g);
    if (g == NULL)
        return;
    if (!record_start(&g->record, token, owner, game, event)) {
        record_bytes_free(&g->record);
        free(g);
        return;
    }
    g->id = j->next_id++;
    if (!make_room(j, game_frame_bytes(g), NULL)) {
        j->given_up.unlogged++;
        record_bytes_free(&g->record);
        free(g);
        return;
    }
    link_game(j, g);
    g->holder = holder;
    g->relay = !sap_game_mines_laid(game) && event->op != SAP_LEVEL_RANDOM;
    *holder = g;
    if (!pend(j, JOURNAL_GAME, g->id, g->record.data, g->record.length, NULL, 0)) {
        free_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
    }
}

/* A no-guess or casual board's mines are laid (its first click): its
 * record starts again from the layout, under a new id, so that a restart
 * lays it from the record, not by running the generator again. */
static void journal_relay(struct journal *j, struct journal_game **holder, const sap_game *game)
{
    struct journal_game *g = *holder;
    uint32_t old_id = g->id;
    struct record_bytes id = { NULL, 0, 0 };
    bool done;

    g->relay = false;
    if (!record_bytes_reserve(&id, RECORD_VARINT_MAX)) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
        return;
    }
    /* Last in the list, as its new id is the highest: a rewrite writes the
     * games in order, and the ids of a journal only grow (restore.c). */
    unlink_game(j, g);
    done = record_relay(&g->record, game);
    g->id = done ? j->next_id++ : old_id;
    link_game(j, g);
    if (done && j->live > j->server->options->state_max_bytes && !make_room(j, 0, g)) {
        /* It gave way itself: what the file holds of it is its old id. */
        (void)pend(j, JOURNAL_DROP, old_id, NULL, 0, NULL, 0);
        record_bytes_free(&id);
        *holder = NULL; /* as free_game does through g->holder */
        return;
    }
    /* One frame, so that no crash leaves the old record gone and the new
     * one not there. */
    if (done) {
        record_put_varint(&id, g->id);
        done = pend(j, JOURNAL_LAID, old_id, id.data, id.length, g->record.data,
                    g->record.length);
    }
    record_bytes_free(&id);
    if (!done) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
    }
}

void journal_step(struct journal *j, struct journal_game **holder,
                  const struct sap_record *event)
{
    struct journal_game *g = *holder;
    size_t before;
    uint64_t old_bytes;

    if (g == NULL || !journal_on(j))
        return;
    before = g->record.length;
    old_bytes = game_frame_bytes(g);
    if (!record_put_step(&g->record, event)) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
        return;
    }
    j->live += game_frame_bytes(g) - old_bytes;
    if (j->live > j->server->options->state_max_bytes && !make_room(j, 0, g)) {
        *holder = NULL; /* it gave way itself */
        return;
    }
    if (!pend(j, JOURNAL_STEP, g->id, g->record.data + before, g->record.length - before, NULL,
              0)) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
    }
}

void journal_drop(struct journal *j, struct journal_game **holder)
{
    if (*holder == NULL)
        return;
    if (!journal_on(j)) {
        journal_forget(holder);
        return;
    }
    drop_game(j, *holder);
}

void journal_forget(struct journal_game **holder)
{
    if (*holder == NULL)
        return;
    (*holder)->holder = NULL;
    *holder = NULL;
}

void journal_hand_over(struct journal_game **from, struct journal_game **to)
{
    *to = *from;
    *from = NULL;
    if (*to != NULL)
        (*to)->holder = to;
}

void journal_retoken(struct journal *j, struct journal_game **holder, const char *token,
                     const struct peer_key *owner)
{
    struct journal_game *g = *holder;
    uint8_t head[SAPPERD_TOKEN_CHARS + 9];

    if (g == NULL || !journal_on(j))
        return;
    memcpy(head, token, SAPPERD_TOKEN_CHARS);
    head[SAPPERD_TOKEN_CHARS] = owner->family;
    memcpy(head + SAPPERD_TOKEN_CHARS + 1, owner->bytes, 8);
    memcpy(g->record.data, head, sizeof head); /* the record starts with them */
    if (!pend(j, JOURNAL_TOKEN, g->id, head, sizeof head, NULL, 0)) {
        drop_game(j, g);
        *holder = NULL; /* as free_game does through g->holder */
    }
}

/* ---- games read back (restore.c) ------------------------------------------------------ */

void journal_adopt(struct journal *j, struct journal_game *g)
{
    link_game(j, g);
    if (g->id >= j->next_id)
        j->next_id = g->id + 1u;
}

bool journal_adopt_step(struct journal *j, struct journal_game *g, const uint8_t *step,
                        size_t length)
{
    uint64_t old_bytes = game_frame_bytes(g);

    if (!record_bytes_reserve(&g->record, length))
        return false;
    memcpy(g->record.data + g->record.length, step, length);
    g->record.length += length;
    j->live += game_frame_bytes(g) - old_bytes;
    return true;
}

bool journal_adopt_token(struct journal *j, struct journal_game *g, const uint8_t *head)
{
    struct record_game parsed;
    uint8_t old[SAPPERD_TOKEN_CHARS + 9];

    (void)j;
    memcpy(old, g->record.data, sizeof old);
    memcpy(g->record.data, head, sizeof old);
    if (record_read(g->record.data, g->record.length, &parsed) == NULL)
        return true;
    memcpy(g->record.data, old, sizeof old);
    return false;
}

void journal_discard(struct journal *j, struct journal_game *g)
{
    free_game(j, g);
}

/* A game and its record's length, to sort the games by. */
struct by_length {
    size_t length;
    struct journal_game *game;
};

static int larger_first(const void *a, const void *b)
{
    size_t x = ((const struct by_length *)a)->length, y = ((const struct by_length *)b)->length;
    return x < y ? 1 : x > y ? -1 : 0;
}

void journal_trim(struct journal *j, size_t most_games)
{
    struct journal_game *g, *next;
    struct by_length *all;
    size_t n = j->games, i = 0, first;

    j->pending.length = 0; /* the file is written again whole */
    if (n == 0)
        return;
    all = malloc(n * sizeof(struct by_length));
    if (all == NULL) { /* no room to sort: the oldest go */
        for (g = j->head; g != NULL; g = next) {
            next = g->next;
            if (j->games > most_games || j->live > j->server->options->state_max_bytes)
                free_game(j, g);
        }
        return;
    }
    for (g = j->head; g != NULL && i < n; g = g->next) {
        all[i].length = g->record.length;
        all[i++].game = g;
    }
    /* The oldest go first past the kept games' limit, as kept_add would
     * make them go once played again: they are not played at all. */
    for (first = 0; first < i && i - first > most_games; first++)
        free_game(j, all[first].game);
    /* Then the largest give way, as make_room's, but sorted once: a file
     * may hold more records than a running daemon ever does. */
    if (j->live > j->server->options->state_max_bytes) {
        qsort(all + first, i - first, sizeof(struct by_length), larger_first);
        for (; first < i && j->live > j->server->options->state_max_bytes; first++) {
            free_game(j, all[first].game);
            j->given_up.unlogged++;
        }
    }
    free(all);
}

/* ---- the record hook ----------------------------------------------------------------- */

void journal_hook(void *context, const struct sap_record *event)
{
    struct conn *c = context;
    struct journal *j = &c->server->journal;
    const sap_game *game = sap_session_game(&c->session);

    switch (event->kind) {
    case SAP_RECORD_GAME:
        journal_begin(j, &c->record, c->token, &c->peer, game, event);
        break;
    case SAP_RECORD_MOVE:
    case SAP_RECORD_CELL:
    case SAP_RECORD_MINES:
        /* A game over is no longer kept: nothing will resume it. */
        if (game == NULL || sap_game_state(game) != SAP_RUNNING) {
            journal_drop(j, &c->record);
            break;
        }
        if (c->record != NULL && c->record->relay && sap_game_mines_laid(game))
            journal_relay(j, &c->record, game);
        journal_step(j, &c->record, event);
        break;
    default: /* SAP_RECORD_END */
        journal_drop(j, &c->record);
        break;
    }
}
