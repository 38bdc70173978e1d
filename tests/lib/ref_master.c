/*
 * ref_master.c - independent judges of one-click-win boards (see
 * ref_master.h).  Plain C with the heap; nothing here comes from the core.
 *
 * Why the exhaustive search below is exhaustive.  Call a safe cell a zero
 * when none of its neighbours is a mine; one click opens the clicked cell,
 * and from every opened zero all its neighbours.  With s >= 2 safe cells a
 * winning click must hit a zero (otherwise it opens one cell), and then
 * it opens N[K]: K the zeros reached from the click through zeros (an
 * 8-connected set), N[K] those cells and all their neighbours.  Conversely
 * for any non-empty 8-connected set K, the board whose safe cells are
 * exactly N[K] is won by a click anywhere in K: every cell of K has all its
 * neighbours inside N[K], so it is a zero, the opening runs through all of
 * K and so opens N[K], and it never opens a mine.  Hence
 *
 *     s is possible  <=>  s == 1  or  s == |N[K]| for a non-empty
 *                                      8-connected set of cells K.
 *
 * The search enumerates every set K row by row (each row's part of K is a
 * bit mask, all 2^cols masks tried for every row), keeping for each
 * distinct "what the next rows can still see" state the set of reachable
 * partial sizes.  The state after row i is: K's masks condensed into
 * P = spread(K[i-1]) | spread(K[i]) (row i's cells in N[K] are then
 * P | spread(K[i+1])), K[i] itself, which cells of K[i] are already joined
 * through earlier rows (a partition of its runs), and whether K has ended
 * (a part of K that does not continue into the next row must be all of K).
 * Two sets K with equal states have equal futures, so merging them loses
 * nothing: the result is the exact set of sizes over all K.  The brute
 * force (every safe set of a small board, every click, played out) checks
 * the argument itself on every board of up to 20 cells.
 */
#include "ref_master.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned popcount_u32(uint32_t m)
{
    unsigned n = 0;
    for (; m != 0; m &= m - 1)
        n++;
    return n;
}

static unsigned lowest_bit(uint32_t m)
{
    unsigned n = 0;
    while (!((m >> n) & 1u))
        n++;
    return n;
}

/* ---- playing a click ---------------------------------------------------- */

static unsigned mines_around(const bool *safe, uint32_t rows, uint32_t cols, uint32_t at)
{
    uint32_t r = at / cols, c = at % cols;
    unsigned n = 0;
    int dr, dc;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            long rr = (long)r + dr, cc = (long)c + dc;
            if ((dr || dc) && rr >= 0 && rr < (long)rows && cc >= 0 && cc < (long)cols
                && !safe[rr * (long)cols + cc])
                n++;
        }
    return n;
}

bool ref_master_click_wins(const bool *safe, uint32_t rows, uint32_t cols, uint32_t click)
{
    size_t cells = (size_t)rows * cols, head = 0, tail = 0, opened = 0, safe_count = 0, i;
    uint32_t *queue;
    bool *open;
    bool won;

    if (!safe[click])
        return false;
    for (i = 0; i < cells; i++)
        safe_count += safe[i];
    queue = malloc(cells * sizeof *queue);
    open = calloc(cells, 1);
    if (queue == NULL || open == NULL)
        abort();
    open[click] = true;
    queue[tail++] = click;
    while (head < tail) {
        uint32_t at = queue[head++], r = at / cols, c = at % cols;
        int dr, dc;
        opened++;
        if (mines_around(safe, rows, cols, at) != 0)
            continue;
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++) {
                long rr = (long)r + dr, cc = (long)c + dc;
                uint32_t next;
                if (rr < 0 || rr >= (long)rows || cc < 0 || cc >= (long)cols)
                    continue;
                next = (uint32_t)(rr * (long)cols + cc);
                if (!open[next]) { /* a zero's neighbours are all safe */
                    open[next] = true;
                    queue[tail++] = next;
                }
            }
    }
    won = opened == safe_count;
    free(queue);
    free(open);
    return won;
}

const char *ref_master_check(const char *board, uint32_t rows, uint32_t cols, uint32_t mines)
{
    size_t cells = (size_t)rows * cols, i, click = 0, clicks = 0, mine_count = 0;
    bool *safe;
    bool won;

    for (i = 0; i < cells; i++) {
        if (board[i] == '*')
            mine_count++;
        else if (board[i] == 'c')
            click = i, clicks++;
        else if (board[i] != '.')
            return "a character other than '*', '.' and 'c'";
    }
    if (mine_count != mines)
        return "wrong number of mines";
    if (clicks != 1)
        return "not exactly one click cell";
    safe = malloc(cells);
    if (safe == NULL)
        abort();
    for (i = 0; i < cells; i++)
        safe[i] = board[i] != '*';
    won = ref_master_click_wins(safe, rows, cols, (uint32_t)click);
    free(safe);
    return won ? NULL : "one click does not open every safe cell";
}

bool ref_master_possible(uint32_t rows, uint32_t cols, uint32_t safe)
{
    uint32_t small = rows < cols ? rows : cols;
    if (safe == 1 || small == 1)
        return true;
    if (small == 2)
        return safe >= 4 && safe % 2 == 0;
    return safe == 4 || safe == 6 || safe >= 8;
}

/* Reads one line of output at *at: its length without the '\n', or -1
 * when the output ends without one. */
static long output_line(const char *output, size_t length, size_t *at, const char **line)
{
    const char *end;
    if (*at >= length)
        return -1;
    *line = output + *at;
    end = memchr(*line, '\n', length - *at);
    if (end == NULL)
        return -1;
    *at = (size_t)(end - output) + 1;
    return end - *line;
}

const char *ref_master_check_output(const char *input, const char *output, size_t output_length,
                                    char *why, size_t why_size, unsigned *boards,
                                    unsigned *impossible)
{
    const char *p = input, *line;
    char *end, header[32];
    unsigned long cases, i;
    size_t at = 0;

    *boards = *impossible = 0;
    cases = strtoul(p, &end, 10);
    if (end == p)
        return "the input does not start with T";
    p = end;
    for (i = 1; i <= cases; i++) {
        unsigned long rows, cols, mines;
        long n;
        rows = strtoul(p, &end, 10), p = end;
        cols = strtoul(p, &end, 10), p = end;
        mines = strtoul(p, &end, 10);
        if (end == p)
            return "the input ends early";
        p = end;
        snprintf(header, sizeof header, "Case #%lu:", i);
        n = output_line(output, output_length, &at, &line);
        if (n != (long)strlen(header) || memcmp(line, header, (size_t)n) != 0) {
            snprintf(why, why_size, "case %lu: expected the line \"%s\"", i, header);
            return why;
        }
        n = output_line(output, output_length, &at, &line);
        if (n == 10 && memcmp(line, "Impossible", 10) == 0) {
            if (ref_master_possible((uint32_t)rows, (uint32_t)cols,
                                    (uint32_t)(rows * cols - mines))) {
                snprintf(why, why_size,
                         "case %lu: Impossible, but %lux%lu with %lu mines has a board", i,
                         rows, cols, mines);
                return why;
            }
            ++*impossible;
        } else {
            char *board = malloc(rows * cols + 1);
            const char *bad;
            unsigned long r;
            if (board == NULL)
                abort();
            for (r = 0; r < rows; r++) {
                if (r > 0)
                    n = output_line(output, output_length, &at, &line);
                if (n != (long)cols) {
                    free(board);
                    snprintf(why, why_size,
                             "case %lu: board row %lu is not %lu cells and a line end", i,
                             r + 1, cols);
                    return why;
                }
                memcpy(board + r * cols, line, cols);
            }
            bad = ref_master_check(board, (uint32_t)rows, (uint32_t)cols, (uint32_t)mines);
            free(board);
            if (bad != NULL) {
                snprintf(why, why_size, "case %lu (%lux%lu, %lu mines): %s", i, rows, cols,
                         mines, bad);
                return why;
            }
            ++*boards;
        }
    }
    if (at != output_length)
        return "output after the last case";
    return NULL;
}

/* ---- brute force --------------------------------------------------------- */

/* Bit masks: cell i is bit i.  A click on a cell with a mine around it
 * opens that cell alone, so with two or more safe cells only clicks on
 * zeros are played; each zero opened opens its neighbours. */
void ref_master_brute_force(uint32_t rows, uint32_t cols, bool *possible)
{
    uint32_t cells = rows * cols, set, i;
    uint32_t around[20]; /* the cell and its neighbours */

    memset(possible, 0, (cells + 1) * sizeof *possible);
    if (cells > 20)
        abort();
    for (i = 0; i < cells; i++) {
        long r = i / cols, c = i % cols, dr, dc;
        around[i] = 0;
        for (dr = -1; dr <= 1; dr++)
            for (dc = -1; dc <= 1; dc++)
                if (r + dr >= 0 && r + dr < (long)rows && c + dc >= 0 && c + dc < (long)cols)
                    around[i] |= 1u << ((r + dr) * (long)cols + c + dc);
    }
    possible[1] = true; /* the only safe cell, clicked */
    for (set = 1; set < (1u << cells); set++) {
        uint32_t zeros = 0, click;
        unsigned s = popcount_u32(set);
        if (possible[s])
            continue;
        for (i = 0; i < cells; i++)
            if ((set >> i) & 1u && (around[i] & ~set) == 0)
                zeros |= 1u << i;
        for (click = 0; click < cells && !possible[s]; click++) {
            uint32_t open = 1u << click, done = 0, todo;
            if (!((zeros >> click) & 1u))
                continue;
            while ((todo = open & zeros & ~done) != 0) {
                unsigned z = lowest_bit(todo);
                done |= 1u << z;
                open |= around[z];
            }
            possible[s] = open == set;
        }
    }
}

/* ---- exhaustive search ------------------------------------------------- */

/* Sizes 0..64 reachable so far, as a 65-bit set. */
struct sizes {
    uint64_t lo, hi;
};

struct slot {
    uint64_t key; /* 0: empty */
    struct sizes sizes;
};

struct table {
    struct slot *slots;
    size_t capacity, used;
};

/* State key: P (8 bits), K (8 bits), one 3-bit label per column of K (0 =
 * not in K; labels numbered by first appearance), the "K has ended" bit,
 * and a top bit so that no key is 0. */
static uint64_t state_key(unsigned p, unsigned k, const unsigned *label, unsigned cols,
                          bool ended)
{
    uint64_t key = (uint64_t)p | (uint64_t)k << 8, packed = 0;
    unsigned c;
    for (c = 0; c < cols; c++)
        packed |= (uint64_t)label[c] << (3 * c);
    return key | packed << 16 | (uint64_t)ended << 40 | (uint64_t)1 << 41;
}

static void table_init(struct table *t, size_t capacity)
{
    t->slots = calloc(capacity, sizeof *t->slots);
    if (t->slots == NULL)
        abort();
    t->capacity = capacity;
    t->used = 0;
}

static void table_add(struct table *t, uint64_t key, struct sizes sizes);

static void table_grow(struct table *t)
{
    struct table bigger;
    size_t i;
    table_init(&bigger, t->capacity * 2);
    for (i = 0; i < t->capacity; i++)
        if (t->slots[i].key != 0)
            table_add(&bigger, t->slots[i].key, t->slots[i].sizes);
    free(t->slots);
    *t = bigger;
}

static void table_add(struct table *t, uint64_t key, struct sizes sizes)
{
    size_t i;
    if (2 * (t->used + 1) > t->capacity)
        table_grow(t);
    i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (t->capacity - 1);
    while (t->slots[i].key != 0 && t->slots[i].key != key)
        i = (i + 1) & (t->capacity - 1);
    if (t->slots[i].key == 0) {
        t->slots[i].key = key;
        t->used++;
    }
    t->slots[i].sizes.lo |= sizes.lo;
    t->slots[i].sizes.hi |= sizes.hi;
}

static struct sizes sizes_shift(struct sizes s, unsigned n)
{
    struct sizes r;
    if (n == 0)
        return s;
    r.lo = s.lo << n;
    r.hi = s.hi << n | s.lo >> (64 - n);
    return r;
}

static unsigned spread(unsigned m, unsigned full)
{
    return (m | m << 1 | m >> 1) & full;
}

static unsigned uf_find(unsigned *parent, unsigned x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* One transition: the state (p, k, label, ended) followed by a row whose
 * part of K is `m`.  Writes the next state; false when K would split. */
static bool next_state(unsigned cols, unsigned k, const unsigned *label, bool ended, unsigned m,
                       unsigned *next_label, bool *next_ended)
{
    unsigned parent[9], run_start[4], run_end[4], runs = 0, c, i, x;
    bool has_run[9];
    unsigned closed = 0, open = 0, first_closed = 0;
    unsigned new_id[9], ids = 0;

    memset(next_label, 0, cols * sizeof *next_label);
    *next_ended = ended;
    if (ended)
        return m == 0;
    /* runs of the new row; nodes 1..4 are old labels, 5..8 new runs */
    for (c = 0; c < cols; c++)
        if ((m >> c) & 1u) {
            if (c == 0 || !((m >> (c - 1)) & 1u))
                run_start[runs] = c;
            run_end[runs] = c;
            if (c + 1 == cols || !((m >> (c + 1)) & 1u))
                runs++;
        }
    for (i = 0; i < 9; i++) {
        parent[i] = i;
        has_run[i] = false;
        new_id[i] = 0;
    }
    for (i = 0; i < runs; i++) {
        unsigned lo = run_start[i] > 0 ? run_start[i] - 1 : 0;
        unsigned hi = run_end[i] + 1 < cols ? run_end[i] + 1 : cols - 1;
        for (x = lo; x <= hi; x++)
            if ((k >> x) & 1u)
                parent[uf_find(parent, 5 + i)] = uf_find(parent, label[x]);
    }
    for (i = 0; i < runs; i++)
        has_run[uf_find(parent, 5 + i)] = true;
    /* old components that do not reach the new row have ended */
    for (i = 1; i <= 4; i++) {
        bool present = false;
        for (c = 0; c < cols; c++)
            present |= label[c] == i;
        if (!present)
            continue;
        if (has_run[uf_find(parent, i)]) {
            open++;
        } else if (closed == 0 || uf_find(parent, i) != first_closed) {
            if (closed == 0)
                first_closed = uf_find(parent, i);
            closed++;
        }
    }
    if (closed > 0) {
        /* an ended part must be the whole of K */
        if (closed > 1 || open > 0 || runs > 0)
            return false;
        *next_ended = true;
        return true;
    }
    for (i = 0; i < runs; i++) {
        unsigned root = uf_find(parent, 5 + i);
        if (new_id[root] == 0)
            new_id[root] = ++ids;
        for (c = run_start[i]; c <= run_end[i]; c++)
            next_label[c] = new_id[root];
    }
    return true;
}

static void decode(uint64_t key, unsigned cols, unsigned *p, unsigned *k, unsigned *label,
                   bool *ended)
{
    unsigned c;
    *p = key & 0xffu;
    *k = (key >> 8) & 0xffu;
    for (c = 0; c < cols; c++)
        label[c] = (unsigned)(key >> (16 + 3 * c)) & 7u;
    *ended = (key >> 40) & 1u;
}

static bool sizes_has(struct sizes s, unsigned n)
{
    return n < 64 ? (s.lo >> n) & 1u : (s.hi >> (n - 64)) & 1u;
}

void ref_master_exhaustive(
    uint32_t cols, uint32_t max_rows,
    bool possible[REF_MASTER_EXHAUSTIVE_MAX + 1]
                 [REF_MASTER_EXHAUSTIVE_MAX * REF_MASTER_EXHAUSTIVE_MAX + 1])
{
    unsigned full = (1u << cols) - 1u, row, m, s;
    unsigned label[8] = { 0 }, next_label[8];
    struct table current, next;
    struct sizes none = { 1, 0 }; /* size 0 so far */
    size_t i;

    if (cols < 1 || cols > REF_MASTER_EXHAUSTIVE_MAX || max_rows > REF_MASTER_EXHAUSTIVE_MAX)
        abort();
    table_init(&current, 1024);
    table_add(&current, state_key(0, 0, label, cols, false), none);
    for (row = 0; row < max_rows; row++) {
        table_init(&next, 1024);
        for (i = 0; i < current.capacity; i++) {
            unsigned p, k;
            bool ended, next_ended;
            if (current.slots[i].key == 0)
                continue;
            decode(current.slots[i].key, cols, &p, &k, label, &ended);
            for (m = 0; m <= full; m++) {
                /* the previous row's cells of N[K] are now known */
                unsigned finished = row == 0 ? 0 : popcount_u32(p | spread(m, full));
                if (!next_state(cols, k, label, ended, m, next_label, &next_ended))
                    continue;
                table_add(&next,
                          state_key(spread(k, full) | spread(m, full), m, next_label, cols,
                                    next_ended),
                          sizes_shift(current.slots[i].sizes, finished));
            }
        }
        free(current.slots);
        current = next;

        /* a board of row+1 rows ends here: K must be non-empty and whole */
        memset(possible[row + 1], 0, sizeof possible[row + 1]);
        possible[row + 1][1] = true; /* one safe cell: the click alone wins */
        for (i = 0; i < current.capacity; i++) {
            unsigned p, k, c, distinct = 0;
            bool ended;
            struct sizes total;
            if (current.slots[i].key == 0)
                continue;
            decode(current.slots[i].key, cols, &p, &k, label, &ended);
            for (c = 0; c < cols; c++)
                if (label[c] > distinct)
                    distinct = label[c];
            if (!(ended || (k != 0 && distinct == 1)))
                continue;
            total = sizes_shift(current.slots[i].sizes, popcount_u32(p));
            for (s = 1; s <= (row + 1) * cols; s++)
                if (sizes_has(total, s))
                    possible[row + 1][s] = true;
        }
    }
    free(current.slots);
}
