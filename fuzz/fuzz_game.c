/*
 * fuzz_game.c - the game engine: a board and a sequence of operations
 * decoded from the input, checked after every operation.
 *
 * Input layout (every byte is optional; missing bytes read as 0):
 *   mode     low 2 bits: 0/1 explicit board (one bit per cell, at most 12x12),
 *            2 patterned board (at most 40x40, mines from a seeded generator
 *            at a density the input picks), 3 random board (sap_game_set_random)
 *   rows, cols, then the mines as the mode says
 *   then operations, 3 bytes each: kind, row, column (see decode_move:
 *   left, right, chord, "flag the mines around then chord", or an op or
 *   coordinate the engine must refuse).
 *
 * Oracles after each operation: the outcome and the reply bytes (read with
 * small random output capacities) equal the reference engine's
 * (tests/lib/ref_game.c, which shares no code with the core); the whole
 * player map equals the reference's; sap_game_covered equals the covered
 * cells of the map; the listed changes are sorted, unique, really changed
 * and complete; once the game ended, every operation is INVALID and changes
 * nothing; a refused operation changes nothing.  Random boards (whose mines
 * the harness cannot see) are checked for the first-click guarantees, the
 * mine count, the map invariants and determinism per seed.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "ref_game.h"

#define EXPLICIT_MAX_SIDE 12u
#define PATTERN_MAX_SIDE 40u
#define MAX_OPERATIONS 600u

struct game_under_test {
    sap_game *game;
    unsigned char *memory;
    uint32_t rows, cols;
    char *before; /* the player map before the operation */
};

static void game_open(struct game_under_test *t, uint32_t rows, uint32_t cols)
{
    size_t bytes = SAP_GAME_BYTES(rows, cols);
    int rc;

    /* Exactly the documented size, so ASan sees a single byte past it. */
    t->memory = malloc(bytes);
    FUZZ_CHECK(t->memory != NULL, "malloc");
    memset(t->memory, 0xA5, bytes);
    t->rows = rows;
    t->cols = cols;
    t->before = malloc((size_t)rows * cols);
    FUZZ_CHECK(t->before != NULL, "malloc");
    rc = sap_game_init(&t->game, t->memory, bytes - 1, rows, cols);
    FUZZ_CHECK(rc == SAP_ERR_NOMEM, "init with %zu bytes for %ux%u (needs %zu) gave %d",
               bytes - 1, rows, cols, bytes, rc);
    rc = sap_game_init(&t->game, t->memory, bytes, rows, cols);
    FUZZ_CHECK(rc == SAP_OK, "init %ux%u: %d", rows, cols, rc);
    FUZZ_CHECK((unsigned char *)t->game >= t->memory
                   && (unsigned char *)t->game < t->memory + bytes,
               "the game does not live in the caller's memory");
    FUZZ_CHECK(sap_game_rows(t->game) == rows && sap_game_cols(t->game) == cols,
               "rows/cols %u/%u, expected %u/%u", sap_game_rows(t->game),
               sap_game_cols(t->game), rows, cols);
    FUZZ_CHECK(sap_game_mines(t->game) == 0, "a new board has %u mines",
               sap_game_mines(t->game));
    FUZZ_CHECK(sap_game_covered(t->game) == rows * cols, "a new board has %u covered",
               sap_game_covered(t->game));
    FUZZ_CHECK(sap_game_state(t->game) == SAP_RUNNING, "a new board is not running");
    FUZZ_CHECK(sap_game_set_mine(t->game, rows, 0, true) == SAP_ERR_RANGE
                   && sap_game_set_mine(t->game, 0, cols, true) == SAP_ERR_RANGE,
               "set_mine accepted a cell outside the board");
}

static void game_close(struct game_under_test *t)
{
    free(t->memory);
    free(t->before);
    memset(t, 0, sizeof *t);
}

static bool is_digit_cell(char v)
{
    return v >= '0' && v <= '8';
}

static bool is_map_char(char v)
{
    return v == '_' || v == 'P' || v == '?' || is_digit_cell(v);
}

static void snapshot(struct game_under_test *t)
{
    uint32_t r, c;
    for (r = 0; r < t->rows; r++)
        for (c = 0; c < t->cols; c++)
            t->before[(size_t)r * t->cols + c] = sap_game_cell(t->game, r, c);
}

/* Counts the covered cells of the map and checks every character. */
static uint32_t covered_in_map(const struct game_under_test *t)
{
    uint32_t r, c, covered = 0;
    for (r = 0; r < t->rows; r++)
        for (c = 0; c < t->cols; c++) {
            char v = sap_game_cell(t->game, r, c);
            FUZZ_CHECK(is_map_char(v), "cell %u,%u is '%c' (0x%02x)", r, c, v,
                       (unsigned char)v);
            covered += !is_digit_cell(v);
        }
    return covered;
}

static bool map_unchanged(const struct game_under_test *t)
{
    uint32_t r, c;
    for (r = 0; r < t->rows; r++)
        for (c = 0; c < t->cols; c++)
            if (t->before[(size_t)r * t->cols + c] != sap_game_cell(t->game, r, c))
                return false;
    return true;
}

/* Reads the whole reply of the last operation with small capacities. */
static void read_reply(struct game_under_test *t, struct fuzz_rng *rng, struct fuzz_text *out)
{
    size_t rounds = 0;
    for (;;) {
        size_t cap = fuzz_rng_range(rng, 0, 3) == 0 ? 1 : fuzz_rng_range(rng, 1, 48);
        char *at = fuzz_text_reserve(out, cap + 1);
        size_t n;
        at[cap] = '\x5A'; /* a canary just past the capacity */
        n = sap_game_reply(t->game, at, cap);
        FUZZ_CHECK(n <= cap, "reply wrote %zu bytes into %zu", n, cap);
        FUZZ_CHECK(at[cap] == '\x5A', "reply wrote past its capacity of %zu", cap);
        if (n == 0)
            break;
        out->length += n;
        out->data[out->length] = '\0';
        FUZZ_CHECK(++rounds < 50u * 1000u * 1000u, "reply never ends");
    }
    FUZZ_CHECK(sap_game_reply(t->game, out->data ? out->data : (char *)&rounds, 8) == 0,
               "reply gave more bytes after returning 0");
}

static uint32_t parse_number(const char **p)
{
    uint32_t v = 0;
    FUZZ_CHECK(**p >= '0' && **p <= '9', "expected a number in the reply at \"%.20s\"", *p);
    while (**p >= '0' && **p <= '9')
        v = v * 10u + (uint32_t)(*(*p)++ - '0');
    return v;
}

static void expect_text(const char **p, const char *word)
{
    size_t n = strlen(word);
    FUZZ_CHECK(strncmp(*p, word, n) == 0, "expected \"%s\" in the reply at \"%.20s\"", word,
               *p);
    *p += n;
}

/* The properties of a RUNNING reply, checked from the reply alone. */
static void check_changes(const struct game_under_test *t, const char *reply, int outcome)
{
    const char *p = reply;
    uint32_t listed = 0, differing = 0, r, c;
    uint64_t last = 0;

    expect_text(&p, "RUNNING: [");
    while (*p != ']') {
        uint32_t x, y;
        uint64_t key;
        char v;
        if (listed > 0)
            expect_text(&p, ", ");
        expect_text(&p, "<");
        x = parse_number(&p);
        expect_text(&p, ", ");
        y = parse_number(&p);
        expect_text(&p, ", ");
        v = *p++;
        expect_text(&p, ">");
        FUZZ_CHECK(x >= 1 && y >= 1 && x <= t->rows && y <= t->cols,
                   "change <%u, %u> outside the %ux%u board", x, y, t->rows, t->cols);
        key = (uint64_t)x << 32 | y;
        FUZZ_CHECK(listed == 0 || key > last, "change <%u, %u> out of order or repeated", x, y);
        last = key;
        FUZZ_CHECK(v == sap_game_cell(t->game, x - 1, y - 1),
                   "change <%u, %u, %c> but the cell is '%c'", x, y, v,
                   sap_game_cell(t->game, x - 1, y - 1));
        FUZZ_CHECK(v != t->before[(size_t)(x - 1) * t->cols + (y - 1)],
                   "change <%u, %u, %c> did not change", x, y, v);
        listed++;
    }
    expect_text(&p, "]\n");
    if (outcome == SAP_WIN)
        expect_text(&p, "WIN\n");
    FUZZ_CHECK(*p == '\0', "trailing bytes in the reply: \"%.20s\"", p);
    for (r = 0; r < t->rows; r++)
        for (c = 0; c < t->cols; c++)
            differing += t->before[(size_t)r * t->cols + c] != sap_game_cell(t->game, r, c);
    FUZZ_CHECK(differing == listed, "%u cells changed, %u listed", differing, listed);
}

/* The budget moves run with (sapper.h section 2): 0 for sap_game_move,
 * else the bounded calls with that many steps a call, checking what a move
 * under way promises (busy, no reply, no other move). */
static uint32_t move_budget;

static int stepped_move(sap_game *game, int op, uint32_t x, uint32_t y)
{
    char probe[4];
    int rc;
    if (move_budget == 0)
        return sap_game_move(game, op, x, y);
    rc = sap_game_move_begin(game, op, x, y);
    while (rc == SAP_MORE) {
        FUZZ_CHECK(sap_game_busy(game), "SAP_MORE from a game that is not busy");
        FUZZ_CHECK(sap_game_reply(game, probe, sizeof probe) == 0,
                   "a reply before the move ended");
        FUZZ_CHECK(sap_game_move_begin(game, 2, 1, 1) == SAP_ERR_STATE,
                   "a second move while one is under way");
        rc = sap_game_move_step(game, move_budget);
    }
    FUZZ_CHECK(!sap_game_busy(game), "busy after the move ended");
    return rc;
}

/* An operation the engine must refuse: it changes nothing. */
static void check_refused(struct game_under_test *t, int op, uint32_t x, uint32_t y)
{
    int state = sap_game_state(t->game);
    uint32_t covered = sap_game_covered(t->game);
    int rc;
    char probe[8];

    snapshot(t);
    rc = sap_game_move(t->game, op, x, y);
    if (state != SAP_RUNNING && rc == SAP_INVALID) {
        /* An ended game may answer INVALID before looking at the arguments. */
        FUZZ_CHECK(sap_game_reply(t->game, probe, sizeof probe) > 0, "INVALID with no reply");
        while (sap_game_reply(t->game, probe, sizeof probe) > 0)
            ;
    } else if (op < 1 || op > 3) {
        FUZZ_CHECK(rc == SAP_ERR_ARG, "op %d at %u,%u gave %d, expected SAP_ERR_ARG", op, x, y,
                   rc);
    } else {
        FUZZ_CHECK(rc == SAP_ERR_RANGE,
                   "op %d at %u,%u on %ux%u gave %d, expected SAP_ERR_RANGE", op, x, y, t->rows,
                   t->cols, rc);
    }
    if (rc < 0)
        FUZZ_CHECK(sap_game_reply(t->game, probe, sizeof probe) == 0,
                   "a refused operation left reply bytes");
    FUZZ_CHECK(map_unchanged(t), "a refused operation changed the map");
    FUZZ_CHECK(sap_game_state(t->game) == state && sap_game_covered(t->game) == covered,
               "a refused operation changed the state");
}

/* One decoded operation: 3 input bytes (kind, row, column). */
enum move_kind {
    MOVE_PLAIN,          /* op at (x, y) */
    MOVE_FLAG_AND_CHORD, /* right clicks until the mines around (x, y) carry P, then a chord */
    MOVE_REFUSED         /* an op or coordinate the engine must refuse */
};

struct move {
    enum move_kind kind;
    int op;
    uint32_t x, y;
    bool wrong_flag; /* FLAG_AND_CHORD: flag a safe cell instead of one mine */
};

/* Kind byte, low 3 bits: 0, 1, 5 left; 2, 6 right; 3 chord; 4 flag-and-chord
 * (bit 3: with one wrong flag); 7 refused (bit 3: a bad op, else a
 * coordinate just outside the board, or far outside with bit 6).  A chord
 * only does something when its flags match, which random right clicks
 * rarely arrange: flag-and-chord sets them up from the known mines. */
static void decode_move(uint8_t kind, uint8_t row, uint8_t col, uint32_t rows, uint32_t cols,
                        struct move *m)
{
    static const int bad_ops[4] = { 0, 4, -1, 255 };
    static const int ops[8] = { 1, 1, 2, 3, 3, 1, 2, 0 };
    m->x = 1u + row % rows;
    m->y = 1u + col % cols;
    m->op = ops[kind & 7];
    m->wrong_flag = (kind & 8) != 0;
    m->kind = (kind & 7) == 4   ? MOVE_FLAG_AND_CHORD
              : (kind & 7) == 7 ? MOVE_REFUSED
                                : MOVE_PLAIN;
    if (m->kind != MOVE_REFUSED)
        return;
    if (kind & 8) {
        m->op = bad_ops[(kind >> 4) & 3];
        return;
    }
    m->op = 1 + (kind >> 4) % 3;
    switch ((kind >> 4) & 3) {
    case 0:
        m->x = 0;
        break;
    case 1:
        m->x = (kind & 64) ? UINT32_MAX : rows + 1;
        break;
    case 2:
        m->y = 0;
        break;
    default:
        m->y = (kind & 64) ? UINT32_MAX : cols + 1;
        break;
    }
}

/* A game on a board the harness knows, checked against the reference. */
struct known_game {
    struct game_under_test t;
    struct ref_game *ref;
    char *layout; /* rows*cols: '*' for a mine, as ref_game_new takes it */
    uint32_t mines;
    struct fuzz_rng *rng;
    struct fuzz_text reply, want;
    uint32_t moves;
};

/* One operation on the engine and the reference, and every check. */
static void checked_move(struct known_game *k, int op, uint32_t x, uint32_t y)
{
    struct game_under_test *t = &k->t;
    int state_before = sap_game_state(t->game);
    uint32_t r, c;
    int rc, want_rc, ref_state_before = ref_game_state(k->ref);

    snapshot(t);
    rc = stepped_move(t->game, op, x, y);
    k->want.length = 0;
    fuzz_text_add_str(&k->want, ref_game_move(k->ref, op, (int)x, (int)y));
    want_rc = ref_state_before != SAP_RUNNING ? SAP_INVALID : ref_game_state(k->ref);
    FUZZ_CHECK(rc == want_rc, "op %d at %u,%u gave %d, the reference %d", op, x, y, rc,
               want_rc);
    k->reply.length = 0;
    read_reply(t, k->rng, &k->reply);
    fuzz_text_expect_equal("game reply", k->reply.data, k->reply.length, k->want.data,
                           k->want.length);
    FUZZ_CHECK(sap_game_state(t->game) == (rc == SAP_INVALID ? state_before : rc),
               "state %d after outcome %d", (int)sap_game_state(t->game), rc);
    if (rc == SAP_INVALID || rc == SAP_LOSE)
        FUZZ_CHECK(map_unchanged(t), "outcome %d changed the map", rc);
    if (rc == SAP_RUNNING || rc == SAP_WIN)
        check_changes(t, k->reply.data, rc);
    for (r = 0; r < t->rows; r++)
        for (c = 0; c < t->cols; c++)
            FUZZ_CHECK(sap_game_cell(t->game, r, c) == ref_game_cell(k->ref, (int)r, (int)c),
                       "cell %u,%u is '%c', the reference '%c'", r, c,
                       sap_game_cell(t->game, r, c), ref_game_cell(k->ref, (int)r, (int)c));
    FUZZ_CHECK(sap_game_covered(t->game) == covered_in_map(t)
                   && (int)sap_game_covered(t->game) == ref_game_covered(k->ref),
               "covered %u, the map has %u covered cells, the reference %d",
               sap_game_covered(t->game), covered_in_map(t), ref_game_covered(k->ref));
    if (rc == SAP_WIN)
        FUZZ_CHECK(sap_game_covered(t->game) == sap_game_mines(t->game), "WIN with %u covered",
                   sap_game_covered(t->game));
    if (rc == SAP_RUNNING)
        FUZZ_CHECK(sap_game_covered(t->game) > sap_game_mines(t->game),
                   "RUNNING with %u covered", sap_game_covered(t->game));
    if (++k->moves == 1) {
        /* Mines are laid before the first operation, never after. */
        FUZZ_CHECK(sap_game_set_mine(t->game, 0, 0, k->layout[0] != '*') < 0,
                   "set_mine accepted after the first operation");
        FUZZ_CHECK(sap_game_mines(t->game) == k->mines, "a refused set_mine changed the count");
    }
}

/* Right clicks until every mine around (x, y) shows P (or, with a wrong
 * flag, all but one of them and a safe neighbour), then the chord. */
static void flag_and_chord(struct known_game *k, uint32_t x, uint32_t y, bool wrong_flag)
{
    uint32_t targets[9], safe = UINT32_MAX, count = 0, i;
    int64_t r, c;

    for (r = (int64_t)x - 2; r <= (int64_t)x; r++)
        for (c = (int64_t)y - 2; c <= (int64_t)y; c++) {
            uint32_t cell;
            char v;
            if (r < 0 || c < 0 || r >= (int64_t)k->t.rows || c >= (int64_t)k->t.cols
                || (r == (int64_t)x - 1 && c == (int64_t)y - 1))
                continue;
            cell = (uint32_t)r * k->t.cols + (uint32_t)c;
            v = ref_game_cell(k->ref, (int)r, (int)c);
            if (v >= '0' && v <= '8')
                continue; /* opened */
            if (k->layout[cell] == '*')
                targets[count++] = cell;
            else if (v != 'P')
                safe = cell;
        }
    if (wrong_flag && count > 0 && safe != UINT32_MAX)
        targets[count - 1] = safe;
    for (i = 0; i < count; i++) {
        uint32_t tr = targets[i] / k->t.cols, tc = targets[i] % k->t.cols, clicks;
        for (clicks = 0; clicks < 2 && ref_game_state(k->ref) == SAP_RUNNING
                         && ref_game_cell(k->ref, (int)tr, (int)tc) != 'P';
             clicks++)
            checked_move(k, SAP_OP_RIGHT, tr + 1, tc + 1);
    }
    checked_move(k, SAP_OP_CHORD, x, y);
}

/* Explicit and patterned boards: everything against the reference. */
static void play_known_board(struct fuzz_bytes *in, struct fuzz_rng *rng, uint8_t mode)
{
    struct known_game k;
    uint32_t rows, cols, r, c, steps = 0;
    bool explicit_board = (mode & 3) < 2;

    if (explicit_board) {
        rows = fuzz_range(in, 1, EXPLICIT_MAX_SIDE);
        cols = fuzz_range(in, 1, EXPLICIT_MAX_SIDE);
    } else {
        rows = fuzz_range(in, 1, PATTERN_MAX_SIDE);
        cols = fuzz_range(in, 1, PATTERN_MAX_SIDE);
    }
    memset(&k, 0, sizeof k);
    k.rng = rng;
    game_open(&k.t, rows, cols);
    k.layout = malloc((size_t)rows * cols);
    FUZZ_CHECK(k.layout != NULL, "malloc");
    memset(k.layout, '_', (size_t)rows * cols);
    if (explicit_board) {
        uint8_t bits = 0;
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                uint32_t i = r * cols + c;
                if (i % 8 == 0)
                    bits = fuzz_u8(in);
                if (bits >> (i % 8) & 1)
                    k.layout[i] = '*';
            }
    } else {
        struct fuzz_rng layout;
        uint32_t density = fuzz_u8(in);
        layout.state = fuzz_u32(in);
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                if (fuzz_rng_next(&layout) % 256u < density)
                    k.layout[r * cols + c] = '*';
    }
    k.ref = ref_game_new((int)rows, (int)cols, k.layout);
    FUZZ_CHECK(k.ref != NULL, "ref_game_new");
    /* Lay the mines, with set/unset noise the engine must undo exactly. */
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            bool mine = k.layout[r * cols + c] == '*';
            k.mines += mine;
            if (!mine && (r * 7 + c * 3) % 5 == 0)
                FUZZ_CHECK(sap_game_set_mine(k.t.game, r, c, true) == SAP_OK, "set_mine");
            FUZZ_CHECK(sap_game_set_mine(k.t.game, r, c, mine) == SAP_OK, "set_mine %u,%u", r,
                       c);
        }
    FUZZ_CHECK(sap_game_mines(k.t.game) == k.mines, "%u mines, expected %u",
               sap_game_mines(k.t.game), k.mines);

    fuzz_text_init(&k.reply);
    fuzz_text_init(&k.want);
    while (fuzz_bytes_left(in) && steps++ < MAX_OPERATIONS) {
        struct move m;
        uint8_t kind = fuzz_u8(in), row = fuzz_u8(in);
        decode_move(kind, row, fuzz_u8(in), rows, cols, &m);
        if (m.kind == MOVE_REFUSED)
            check_refused(&k.t, m.op, m.x, m.y);
        else if (m.kind == MOVE_FLAG_AND_CHORD)
            flag_and_chord(&k, m.x, m.y, m.wrong_flag);
        else
            checked_move(&k, m.op, m.x, m.y);
    }
    fuzz_text_free(&k.reply);
    fuzz_text_free(&k.want);
    ref_game_free(k.ref);
    free(k.layout);
    game_close(&k.t);
}

/* Plays one random-board game; returns every reply, concatenated. */
static void play_random_board(uint32_t rows, uint32_t cols, uint32_t mines, uint32_t seed,
                              const uint8_t *ops, size_t op_bytes, struct fuzz_text *all)
{
    struct game_under_test t;
    struct fuzz_rng rng = { 12345u };
    struct fuzz_text reply;
    bool first_left = true;
    size_t i;

    game_open(&t, rows, cols);
    FUZZ_CHECK(sap_game_set_random(t.game, rows * cols, seed) < 0,
               "set_random accepted mines == cells");
    FUZZ_CHECK(sap_game_set_random(t.game, mines, seed) == SAP_OK, "set_random %u", mines);
    fuzz_text_init(&reply);
    for (i = 0; i + 3 <= op_bytes && i < 3u * MAX_OPERATIONS; i += 3) {
        struct move m;
        int state_before = sap_game_state(t.game);
        int rc, op;
        uint32_t x, y;

        decode_move(ops[i], ops[i + 1], ops[i + 2], rows, cols, &m);
        op = m.op; /* the mines are unknown: flag-and-chord is a plain chord */
        x = m.x;
        y = m.y;
        if (m.kind == MOVE_REFUSED) {
            check_refused(&t, op, x, y);
            continue;
        }
        snapshot(&t);
        rc = stepped_move(t.game, op, x, y);
        FUZZ_CHECK(rc >= SAP_RUNNING && rc <= SAP_INVALID, "outcome %d", rc);
        reply.length = 0;
        read_reply(&t, &rng, &reply);
        fuzz_text_add(all, reply.data, reply.length);
        FUZZ_CHECK((state_before == SAP_RUNNING) == (rc != SAP_INVALID),
                   "outcome %d in state %d", rc, (int)state_before);
        if (rc == SAP_INVALID || rc == SAP_LOSE) {
            FUZZ_CHECK(strcmp(reply.data, rc == SAP_LOSE ? "LOSE\n" : "INVALID\n") == 0,
                       "reply \"%s\" for outcome %d", reply.data, rc);
            FUZZ_CHECK(map_unchanged(&t), "outcome %d changed the map", rc);
        } else {
            check_changes(&t, reply.data, rc);
        }
        FUZZ_CHECK(sap_game_covered(t.game) == covered_in_map(&t), "covered %u, map %u",
                   sap_game_covered(t.game), covered_in_map(&t));
        if (op == SAP_OP_LEFT && state_before == SAP_RUNNING && first_left
            && t.before[(size_t)(x - 1) * cols + (y - 1)] != 'P') {
            /* The first left click is never a mine, and clears its 3x3
             * neighbourhood of mines when the count allows. */
            uint32_t around = (x > 1 ? 1u : 0u) + 1u + (x < rows ? 1u : 0u);
            around *= (y > 1 ? 1u : 0u) + 1u + (y < cols ? 1u : 0u);
            first_left = false;
            FUZZ_CHECK(rc != SAP_LOSE, "the first left click hit a mine");
            FUZZ_CHECK(sap_game_mines(t.game) == mines, "%u mines laid, %u asked",
                       sap_game_mines(t.game), mines);
            if (mines <= rows * cols - around)
                FUZZ_CHECK(sap_game_cell(t.game, x - 1, y - 1) == '0',
                           "first click at %u,%u shows '%c' with %u of %u cells mined", x, y,
                           sap_game_cell(t.game, x - 1, y - 1), mines, rows * cols);
        }
    }
    fuzz_text_free(&reply);
    game_close(&t);
}

static void play_random_twice(struct fuzz_bytes *in)
{
    uint32_t rows = fuzz_range(in, 1, PATTERN_MAX_SIDE);
    uint32_t cols = fuzz_range(in, 1, PATTERN_MAX_SIDE);
    uint32_t mines = fuzz_u16(in) % (rows * cols);
    uint32_t seed = fuzz_u32(in);
    struct fuzz_text first, second;

    fuzz_text_init(&first);
    fuzz_text_init(&second);
    play_random_board(rows, cols, mines, seed, in->data + in->pos, in->size - in->pos, &first);
    play_random_board(rows, cols, mines, seed, in->data + in->pos, in->size - in->pos, &second);
    fuzz_text_expect_equal("the same seed replayed", second.data, second.length, first.data,
                           first.length);
    fuzz_text_free(&first);
    fuzz_text_free(&second);
}

void fuzz_one(const uint8_t *data, size_t size)
{
    struct fuzz_bytes in;
    struct fuzz_rng rng;
    uint8_t mode;

    fuzz_bytes_init(&in, data, size);
    fuzz_rng_seed(&rng, data, size);
    mode = fuzz_u8(&in);
    /* bits 2-4 of the mode: 0 moves unbounded, else 1 to 7 steps a call */
    move_budget = (uint32_t)(mode >> 2) & 7u;
    if ((mode & 3) == 3)
        play_random_twice(&in);
    else
        play_known_board(&in, &rng, mode);
}
