/*
 * record.c - a game's record: the few bytes that make it again.
 *
 * A game is its start and its changes in order (sap_session_set_record
 * tells them as they happen); replayed through a session they make the
 * same game.  A record holds, in this order:
 *
 *   token        16 characters: the game's token (RESUME's)
 *   owner        1 + 8 bytes: the address family (0, 4 or 6) and the
 *                address as --max-per-address counts it
 *   rows, cols, mines                       varints
 *   kind         1 byte, then its start:
 *                  RECORD_RANDOM    level (1 byte) and seed (varint): NEW
 *                                   <rows> <cols> <mines> <seed> [<level>]
 *                  RECORD_LAYOUT    a bit a cell, row by row: a board given
 *                                   row by row (NEW <rows> <cols>), or a
 *                                   no-guess or casual board once its
 *                                   mines are laid at the first click, so
 *                                   that a restart never runs the
 *                                   generator again
 *                  RECORD_POSITION  4 bits a cell (seen_codes): a position
 *                                   typed in (ANALYZE)
 *   steps        to the end: a move (op 1, 2 or 3, then x and y), a cell
 *                of a position (STEP_CELL, x, y, its seen code) or its
 *                mine count (STEP_MINES, mines); numbers are varints
 *
 * An expert game is about 40 bytes and 3 a move; a 250 x 250 board given
 * row by row 7.8 KB and 5 a move.  Varints are LEB128: 7 bits a byte, the
 * high bit set on every byte but the last.  The journal (journal.c) keeps
 * records and their steps in frames made here (record_frame: a type byte,
 * the body's length, the body, and the CRC-32 of all that, little-endian),
 * after a head frame that names the format and this build's limits.  This
 * file also reads them back, as it would any hostile input: every length
 * and number is checked before it is used, against this build's limits.
 */
#include <stdlib.h>
#include <string.h>

#include "sapperd.h"

/* 4 bits a cell of a position: '_' '0'-'8' 'P' '?'. */
static const char seen_codes[] = "_012345678P?";
#define SEEN_CODES 12u

static int seen_code(char seen)
{
    const char *at = seen != '\0' ? memchr(seen_codes, seen, SEEN_CODES) : NULL;
    return at != NULL ? (int)(at - seen_codes) : -1;
}

/* ---- bytes -------------------------------------------------------------------- */

bool record_bytes_reserve(struct record_bytes *b, size_t more)
{
    size_t capacity;
    uint8_t *data;

    if (b->data != NULL && more <= b->capacity - b->length)
        return true;
    if (more > SIZE_MAX / 2 - b->length)
        return false;
    capacity = b->capacity < 64 ? 64 : b->capacity;
    while (capacity - b->length < more)
        capacity *= 2;
    data = realloc(b->data, capacity);
    if (data == NULL)
        return false;
    b->data = data;
    b->capacity = capacity;
    return true;
}

void record_bytes_free(struct record_bytes *b)
{
    free(b->data);
    b->data = NULL;
    b->length = b->capacity = 0;
}

/* Appends (room reserved first). */
static void put(struct record_bytes *b, const void *bytes, size_t n)
{
    if (n == 0)
        return;
    memcpy(b->data + b->length, bytes, n);
    b->length += n;
}

void record_put_varint(struct record_bytes *b, uint32_t value)
{
    uint8_t byte[RECORD_VARINT_MAX];
    size_t n = 0;

    do {
        byte[n] = (uint8_t)(value & 0x7fu);
        value >>= 7;
        if (value != 0)
            byte[n] |= 0x80u;
        n++;
    } while (value != 0);
    put(b, byte, n);
}

bool record_get_varint(struct record_reader *r, uint32_t *value)
{
    uint32_t v = 0;
    unsigned shift;

    for (shift = 0; shift < 35; shift += 7) {
        uint8_t byte;
        if (r->at == r->end)
            return false;
        byte = *r->at++;
        if (shift == 28 && byte > 0x0fu)
            return false; /* past 32 bits, or a byte that should not follow */
        v |= (uint32_t)(byte & 0x7fu) << shift;
        if ((byte & 0x80u) == 0) {
            *value = v;
            return true;
        }
    }
    return false;
}

bool record_get_bytes(struct record_reader *r, void *out, size_t n)
{
    if ((size_t)(r->end - r->at) < n)
        return false;
    memcpy(out, r->at, n);
    r->at += n;
    return true;
}

/* ---- frames ------------------------------------------------------------------------ */

static const char magic[] = "sapperd games\n";

size_t record_varint_length(uint64_t value)
{
    size_t n = 1;
    while (value >= 0x80u) {
        value >>= 7;
        n++;
    }
    return n;
}

bool record_frame(struct record_bytes *out, uint8_t type, bool no_id, uint32_t id,
                  const void *a, size_t na, const void *b, size_t nb)
{
    size_t body = (no_id ? 0 : record_varint_length(id)) + na + nb, start = out->length;
    uint32_t crc;
    uint8_t le[4];

    if (body > UINT32_MAX || !record_bytes_reserve(out, 1 + RECORD_VARINT_MAX + body + 4))
        return false;
    out->data[out->length++] = type;
    record_put_varint(out, (uint32_t)body);
    if (!no_id)
        record_put_varint(out, id);
    put(out, a, na);
    put(out, b, nb);
    crc = record_crc32(0, out->data + start, out->length - start);
    le[0] = (uint8_t)crc;
    le[1] = (uint8_t)(crc >> 8);
    le[2] = (uint8_t)(crc >> 16);
    le[3] = (uint8_t)(crc >> 24);
    put(out, le, 4);
    return true;
}

bool record_head(struct record_bytes *out)
{
    struct record_bytes body = { NULL, 0, 0 };
    bool done = record_bytes_reserve(&body, sizeof magic - 1 + 5 * RECORD_VARINT_MAX);

    if (done) {
        put(&body, magic, sizeof magic - 1);
        record_put_varint(&body, JOURNAL_FORMAT);
        record_put_varint(&body, SAP_LIMITS_TAG);
        record_put_varint(&body, SAP_MAX_ROWS);
        record_put_varint(&body, SAP_MAX_COLS);
        record_put_varint(&body, SAP_MAX_CELLS);
        done = record_frame(out, JOURNAL_HEAD, true, 0, body.data, body.length, NULL, 0);
    }
    record_bytes_free(&body);
    return done;
}

bool record_head_matches(const uint8_t *body, size_t length, bool *same_limits)
{
    struct record_reader r = { body, body + length };
    uint8_t m[sizeof magic - 1];
    uint32_t format, tag, rows, cols, cells;

    if (!record_get_bytes(&r, m, sizeof m) || memcmp(m, magic, sizeof m) != 0
        || !record_get_varint(&r, &format) || format != JOURNAL_FORMAT)
        return false;
    *same_limits = record_get_varint(&r, &tag) && record_get_varint(&r, &rows)
                   && record_get_varint(&r, &cols) && record_get_varint(&r, &cells)
                   && tag == (uint32_t)SAP_LIMITS_TAG && rows == SAP_MAX_ROWS
                   && cols == SAP_MAX_COLS && cells == SAP_MAX_CELLS;
    return true;
}

/* ---- CRC-32 (the IEEE polynomial, reflected, as zlib and PNG) --------------------- */

/* Four bits at a time: a table small enough to write out, and fast enough
 * (two lookups a byte) for a journal that moves a few MB a second. */
static const uint32_t crc_nibbles[16] = {
    0x00000000u, 0x1DB71064u, 0x3B6E20C8u, 0x26D930ACu, 0x76DC4190u, 0x6B6B51F4u,
    0x4DB26158u, 0x5005713Cu, 0xEDB88320u, 0xF00F9344u, 0xD6D6A3E8u, 0xCB61B38Cu,
    0x9B64C2B0u, 0x86D3D2D4u, 0xA00AE278u, 0xBDBDF21Cu,
};

uint32_t record_crc32(uint32_t crc, const uint8_t *bytes, size_t n)
{
    size_t i;

    crc = ~crc;
    for (i = 0; i < n; i++) {
        crc ^= bytes[i];
        crc = (crc >> 4) ^ crc_nibbles[crc & 15u];
        crc = (crc >> 4) ^ crc_nibbles[crc & 15u];
    }
    return ~crc;
}

/* ---- writing a record ----------------------------------------------------------- */

/* The bytes of a board's cells, at `bits` a cell. */
static size_t cell_bytes(uint32_t rows, uint32_t cols, unsigned bits)
{
    return ((size_t)rows * cols * bits + 7u) / 8u;
}

bool record_start(struct record_bytes *b, const char *token, const struct peer_key *owner,
                  const sap_game *game, const struct sap_record *event)
{
    uint32_t rows = sap_game_rows(game), cols = sap_game_cols(game), r, c;
    uint8_t kind = !sap_game_mines_laid(game)   ? RECORD_RANDOM
                   : sap_game_is_position(game) ? RECORD_POSITION
                                                : RECORD_LAYOUT;
    size_t cells = kind == RECORD_RANDOM   ? 0
                   : kind == RECORD_LAYOUT ? cell_bytes(rows, cols, 1)
                                           : cell_bytes(rows, cols, 4);
    uint8_t head[1 + 8], *out;

    b->length = 0;
    if (!record_bytes_reserve(b, SAPPERD_TOKEN_CHARS + sizeof head + 4 * RECORD_VARINT_MAX + 2
                                     + cells))
        return false;
    put(b, token, SAPPERD_TOKEN_CHARS);
    head[0] = owner->family;
    memcpy(head + 1, owner->bytes, 8);
    put(b, head, sizeof head);
    record_put_varint(b, rows);
    record_put_varint(b, cols);
    record_put_varint(b, sap_game_mines(game));
    put(b, &kind, 1);
    if (kind == RECORD_RANDOM) {
        uint8_t level = (uint8_t)event->op;
        put(b, &level, 1);
        record_put_varint(b, event->value);
        return true;
    }
    out = b->data + b->length;
    memset(out, 0, cells);
    for (r = 0; r < rows; r++) {
        for (c = 0; c < cols; c++) {
            size_t i = (size_t)r * cols + c;
            if (kind == RECORD_LAYOUT) {
                if (sap_game_mine_at(game, r, c))
                    out[i / 8u] |= (uint8_t)(1u << (i % 8u));
            } else {
                int code = seen_code(sap_game_cell(game, r, c));
                out[i / 2u] |= (uint8_t)((code < 0 ? 0 : code) << (4u * (i % 2u)));
            }
        }
    }
    b->length += cells;
    return true;
}

bool record_put_step(struct record_bytes *b, const struct sap_record *event)
{
    uint8_t op;

    if (!record_bytes_reserve(b, 2 + 2 * RECORD_VARINT_MAX))
        return false;
    switch (event->kind) {
    case SAP_RECORD_MOVE:
        op = (uint8_t)event->op;
        put(b, &op, 1);
        record_put_varint(b, event->x);
        record_put_varint(b, event->y);
        return true;
    case SAP_RECORD_CELL:
        op = STEP_CELL;
        put(b, &op, 1);
        record_put_varint(b, event->x);
        record_put_varint(b, event->y);
        op = (uint8_t)seen_code(event->seen);
        put(b, &op, 1);
        return true;
    case SAP_RECORD_MINES:
        op = STEP_MINES;
        put(b, &op, 1);
        record_put_varint(b, event->value);
        return true;
    default:
        return false;
    }
}

bool record_relay(struct record_bytes *b, const sap_game *game)
{
    struct record_bytes fresh = { NULL, 0, 0 };
    struct record_game old;
    struct sap_record none;

    memset(&none, 0, sizeof none);
    if (record_read(b->data, b->length, &old) != NULL
        || !record_start(&fresh, old.token, &old.owner, game, &none)
        || !record_bytes_reserve(&fresh, old.steps_length)) {
        record_bytes_free(&fresh);
        return false;
    }
    put(&fresh, old.steps, old.steps_length);
    record_bytes_free(b);
    *b = fresh;
    return true;
}

/* ---- reading one back ----------------------------------------------------------- */

static bool token_valid(const char *token)
{
    size_t i;

    for (i = 0; i < SAPPERD_TOKEN_CHARS; i++) {
        char ch = token[i];
        if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z')))
            return false;
    }
    return true;
}

const char *record_read(const uint8_t *bytes, size_t length, struct record_game *g)
{
    struct record_reader r = { bytes, bytes + length };
    uint8_t head[1 + 8], kind;
    size_t cells;

    memset(g, 0, sizeof *g);
    if (!record_get_bytes(&r, g->token, SAPPERD_TOKEN_CHARS) || !token_valid(g->token))
        return "a bad token";
    if (!record_get_bytes(&r, head, sizeof head)
        || (head[0] != 0 && head[0] != 4 && head[0] != 6))
        return "a bad owner";
    g->owner.family = head[0];
    memcpy(g->owner.bytes, head + 1, 8);
    if (!record_get_varint(&r, &g->rows) || !record_get_varint(&r, &g->cols)
        || !record_get_varint(&r, &g->mines) || !record_get_bytes(&r, &kind, 1))
        return "a cut header";
    if (g->rows < 1 || g->cols < 1 || g->rows > SAP_MAX_ROWS || g->cols > SAP_MAX_COLS
        || (uint64_t)g->rows * g->cols > SAP_MAX_CELLS)
        return "a board past this build's limits";
    if ((uint64_t)g->mines >= (uint64_t)g->rows * g->cols)
        return "too many mines";
    g->kind = kind;
    switch (kind) {
    case RECORD_RANDOM:
        if (!record_get_bytes(&r, &g->level, 1) || g->level > SAP_LEVEL_NOGUESS
            || !record_get_varint(&r, &g->seed))
            return "a bad random start";
        break;
    case RECORD_LAYOUT:
    case RECORD_POSITION:
        cells = cell_bytes(g->rows, g->cols, kind == RECORD_LAYOUT ? 1 : 4);
        if ((size_t)(r.end - r.at) < cells)
            return "a cut board";
        g->cells = r.at;
        r.at += cells;
        break;
    default:
        return "an unknown kind of game";
    }
    g->steps = r.at;
    g->steps_length = (size_t)(r.end - r.at);
    while (r.at < r.end) {
        struct record_step step;
        const char *why = record_read_step(&r, g, &step);
        if (why != NULL)
            return why;
    }
    return NULL;
}

const char *record_read_step(struct record_reader *r, const struct record_game *g,
                             struct record_step *step)
{
    uint8_t op, code;

    memset(step, 0, sizeof *step);
    if (!record_get_bytes(r, &op, 1))
        return "a cut step";
    step->op = op;
    switch (op) {
    case SAP_OP_LEFT:
    case SAP_OP_RIGHT:
    case SAP_OP_CHORD:
    case STEP_CELL:
        if (!record_get_varint(r, &step->x) || !record_get_varint(r, &step->y))
            return "a cut step";
        if (step->x < 1 || step->x > g->rows || step->y < 1 || step->y > g->cols)
            return "a step off the board";
        if (op != STEP_CELL)
            return NULL;
        if (g->kind != RECORD_POSITION || !record_get_bytes(r, &code, 1) || code >= SEEN_CODES)
            return "a bad cell";
        step->seen = seen_codes[code];
        return NULL;
    case STEP_MINES:
        if (g->kind != RECORD_POSITION || !record_get_varint(r, &step->x)
            || (uint64_t)step->x >= (uint64_t)g->rows * g->cols)
            return "a bad mine count";
        return NULL;
    default:
        return "an unknown step";
    }
}

bool record_mine(const struct record_game *g, uint32_t row, uint32_t col)
{
    size_t i = (size_t)row * g->cols + col;
    return (g->cells[i / 8u] >> (i % 8u)) & 1u;
}

char record_seen(const struct record_game *g, uint32_t row, uint32_t col)
{
    size_t i = (size_t)row * g->cols + col;
    unsigned code = (g->cells[i / 2u] >> (4u * (i % 2u))) & 15u;
    return code < SEEN_CODES ? seen_codes[code] : '\0';
}
