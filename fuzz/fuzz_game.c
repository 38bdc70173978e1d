/*
 * fuzz_game.c - the game engine: a board and a sequence of operations
 * decoded from the input, checked after every operation.
 *
 * Input layout (every byte is optional; missing bytes read as 0):
 *   mode     low 2 bits: 0/1 explicit board (one bit per cell, at most 12x12),
 *            2 patterned board (at most 40x40, mines from a seeded generator
 *            at a density the input picks), 3 random board (sap_game_set_random)
 *   rows, cols, then the mines as the mode says
 *   then operations, 3 bytes each: op (low 2 bits; 0 = an invalid op), x, y
 *   (coordinates can fall one outside the board on either side).
 *
 * Oracles after each operation: the outcome and the reply bytes (read with
 * small random output capacities) equal the reference engine's; the whole
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
#include "fuzz_ref.h"

#define EXPLICIT_MAX_SIDE 12u
#define PATTERN_MAX_SIDE 40u
#define MAX_OPERATIONS 600u

struct game_under_test {
    sap_game *game;
    unsigned char *memory;
    uint32_t rows, cols;
    char *before;             /* the player map before the operation */
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
    FUZZ_CHECK(sap_game_init(&t->game, t->memory, bytes - 1, rows, cols) == SAP_ERR_NOMEM,
               "init accepted %zu bytes for %ux%u (needs %zu)", bytes - 1, rows, cols, bytes);
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
    FUZZ_CHECK(strncmp(*p, word, n) == 0, "expected \"%s\" in the reply at \"%.20s\"", word, *p);
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

/* An operation the engine must refuse: it changes nothing. */
static void check_refused(struct game_under_test *t, int op, uint32_t x, uint32_t y)
{
    enum sap_outcome state = sap_game_state(t->game);
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
        FUZZ_CHECK(rc == SAP_ERR_ARG, "op %d at %u,%u gave %d, expected SAP_ERR_ARG", op, x, y, rc);
    } else {
        FUZZ_CHECK(rc == SAP_ERR_RANGE, "op %d at %u,%u on %ux%u gave %d, expected SAP_ERR_RANGE",
                   op, x, y, t->rows, t->cols, rc);
    }
    if (rc < 0)
        FUZZ_CHECK(sap_game_reply(t->game, probe, sizeof probe) == 0,
                   "a refused operation left reply bytes");
    FUZZ_CHECK(map_unchanged(t), "a refused operation changed the map");
    FUZZ_CHECK(sap_game_state(t->game) == state && sap_game_covered(t->game) == covered,
               "a refused operation changed the state");
}

static int decode_op(uint8_t byte)
{
    static const int invalid_ops[4] = { 0, 4, -1, 255 };
    int op = byte & 3;
    return op != 0 ? op : invalid_ops[(byte >> 2) & 3];
}

/* Explicit and patterned boards: everything against the reference. */
static void play_known_board(struct fuzz_bytes *in, struct fuzz_rng *rng, uint8_t mode)
{
    struct game_under_test t;
    struct fuzz_ref_game ref;
    struct fuzz_text reply, want;
    uint32_t rows, cols, r, c, moves = 0;
    bool explicit_board = (mode & 3) < 2;

    if (explicit_board) {
        rows = fuzz_range(in, 1, EXPLICIT_MAX_SIDE);
        cols = fuzz_range(in, 1, EXPLICIT_MAX_SIDE);
    } else {
        rows = fuzz_range(in, 1, PATTERN_MAX_SIDE);
        cols = fuzz_range(in, 1, PATTERN_MAX_SIDE);
    }
    game_open(&t, rows, cols);
    fuzz_ref_game_init(&ref, rows, cols);
    if (explicit_board) {
        uint8_t bits = 0;
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                uint32_t i = r * cols + c;
                if (i % 8 == 0)
                    bits = fuzz_u8(in);
                if (bits >> (i % 8) & 1)
                    fuzz_ref_game_set_mine(&ref, r, c, true);
            }
    } else {
        struct fuzz_rng layout;
        uint32_t density = fuzz_u8(in);
        layout.state = fuzz_u32(in);
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                if (fuzz_rng_next(&layout) % 256u < density)
                    fuzz_ref_game_set_mine(&ref, r, c, true);
    }
    /* Lay the mines, with set/unset noise the engine must undo exactly. */
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            bool mine = ref.mine[r * cols + c];
            if (!mine && (r * 7 + c * 3) % 5 == 0)
                FUZZ_CHECK(sap_game_set_mine(t.game, r, c, true) == SAP_OK, "set_mine");
            FUZZ_CHECK(sap_game_set_mine(t.game, r, c, mine) == SAP_OK, "set_mine %u,%u", r, c);
        }
    FUZZ_CHECK(sap_game_mines(t.game) == ref.mines, "%u mines, expected %u",
               sap_game_mines(t.game), ref.mines);

    fuzz_text_init(&reply);
    fuzz_text_init(&want);
    while (fuzz_bytes_left(in) && moves++ < MAX_OPERATIONS) {
        int op = decode_op(fuzz_u8(in));
        uint32_t x = fuzz_u8(in) % (rows + 2), y = fuzz_u8(in) % (cols + 2);
        enum sap_outcome state_before = sap_game_state(t.game);
        int rc, want_rc;

        if (op < 1 || op > 3 || x < 1 || y < 1 || x > rows || y > cols) {
            check_refused(&t, op, x, y);
            continue;
        }
        snapshot(&t);
        rc = sap_game_move(t.game, op, x, y);
        want_rc = fuzz_ref_game_move(&ref, op, x, y);
        FUZZ_CHECK(rc == want_rc, "op %d at %u,%u gave %d, the reference %d", op, x, y, rc, want_rc);
        reply.length = 0;
        want.length = 0;
        read_reply(&t, rng, &reply);
        fuzz_ref_game_reply(&ref, &want);
        fuzz_text_expect_equal("game reply", reply.data, reply.length, want.data, want.length);
        FUZZ_CHECK(sap_game_state(t.game) == (rc == SAP_INVALID ? state_before : (enum sap_outcome)rc),
                   "state %d after outcome %d", (int)sap_game_state(t.game), rc);
        if (rc == SAP_INVALID || rc == SAP_LOSE)
            FUZZ_CHECK(map_unchanged(&t), "outcome %d changed the map", rc);
        if (rc == SAP_RUNNING || rc == SAP_WIN)
            check_changes(&t, reply.data, rc);
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                FUZZ_CHECK(sap_game_cell(t.game, r, c) == fuzz_ref_game_cell(&ref, r, c),
                           "cell %u,%u is '%c', the reference '%c'", r, c,
                           sap_game_cell(t.game, r, c), fuzz_ref_game_cell(&ref, r, c));
        FUZZ_CHECK(sap_game_covered(t.game) == covered_in_map(&t),
                   "covered %u but the map has %u covered cells", sap_game_covered(t.game),
                   covered_in_map(&t));
        if (rc == SAP_WIN)
            FUZZ_CHECK(sap_game_covered(t.game) == sap_game_mines(t.game), "WIN with %u covered",
                       sap_game_covered(t.game));
        if (rc == SAP_RUNNING)
            FUZZ_CHECK(sap_game_covered(t.game) > sap_game_mines(t.game), "RUNNING with %u covered",
                       sap_game_covered(t.game));
        if (moves == 1) {
            /* Mines are laid before the first operation, never after. */
            FUZZ_CHECK(sap_game_set_mine(t.game, 0, 0, !ref.mine[0]) < 0,
                       "set_mine accepted after the first operation");
            FUZZ_CHECK(sap_game_mines(t.game) == ref.mines, "a refused set_mine changed the count");
        }
    }
    fuzz_text_free(&reply);
    fuzz_text_free(&want);
    fuzz_ref_game_free(&ref);
    game_close(&t);
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
        int op = decode_op(ops[i]);
        uint32_t x = ops[i + 1] % (rows + 2), y = ops[i + 2] % (cols + 2);
        enum sap_outcome state_before = sap_game_state(t.game);
        int rc;

        if (op < 1 || op > 3 || x < 1 || y < 1 || x > rows || y > cols) {
            check_refused(&t, op, x, y);
            continue;
        }
        snapshot(&t);
        rc = sap_game_move(t.game, op, x, y);
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
    if ((mode & 3) == 3)
        play_random_twice(&in);
    else
        play_known_board(&in, &rng, mode);
}
