/*
 * ref_nurikabe.c - see ref_nurikabe.h.  Written to be obviously right, not
 * small or fast: every rule is its own breadth-first search with an int
 * queue and an int label per cell.
 */
#include "ref_nurikabe.h"

#include <stdlib.h>
#include <string.h>

static const int side_row[4] = { -1, 0, 1, 0 }, side_col[4] = { 0, 1, 0, -1 };
static const int all_row[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };
static const int all_col[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

uint64_t ref_nurikabe_next(struct ref_nurikabe_rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t ref_nurikabe_below(struct ref_nurikabe_rng *rng, uint32_t n)
{
    return (uint32_t)(ref_nurikabe_next(rng) % n);
}

static void *must(void *p)
{
    if (p == NULL)
        abort();
    return p;
}

void ref_nurikabe_grid_init(struct ref_nurikabe_grid *g, int rows, int cols)
{
    g->rows = rows;
    g->cols = cols;
    g->shaded = must(calloc((size_t)rows * cols, 1));
    g->count = 0;
    g->capacity = rows * cols;
    g->numbers = must(malloc((size_t)g->capacity * sizeof *g->numbers));
    g->number_of = must(malloc((size_t)g->capacity * sizeof *g->number_of));
    memset(g->number_of, 0xff, (size_t)g->capacity * sizeof *g->number_of);
}

void ref_nurikabe_grid_free(struct ref_nurikabe_grid *g)
{
    free(g->shaded);
    free(g->numbers);
    free(g->number_of);
    g->shaded = NULL;
    g->numbers = NULL;
    g->number_of = NULL;
}

static int number_at(const struct ref_nurikabe_grid *g, int row, int col)
{
    return g->number_of[row * g->cols + col];
}

bool ref_nurikabe_add_number(struct ref_nurikabe_grid *g, int row, int col, uint32_t value)
{
    if (g->count >= g->capacity || number_at(g, row, col) >= 0)
        return false;
    g->numbers[g->count].row = row;
    g->numbers[g->count].col = col;
    g->numbers[g->count].value = value;
    g->number_of[row * g->cols + col] = g->count;
    g->count++;
    return true;
}

void ref_nurikabe_remove_number(struct ref_nurikabe_grid *g, int k)
{
    struct ref_nurikabe_number *n = &g->numbers[k], *last = &g->numbers[g->count - 1];
    g->number_of[n->row * g->cols + n->col] = -1;
    *n = *last;
    if (k != g->count - 1)
        g->number_of[n->row * g->cols + n->col] = k;
    g->count--;
}

static bool inside(const struct ref_nurikabe_grid *g, int r, int c)
{
    return r >= 0 && r < g->rows && c >= 0 && c < g->cols;
}

/* Breadth-first search from `start` over cells whose shading is `shaded`,
 * through `directions` (4 or 8) neighbours, labelling them `label` in
 * labels[] (cells already labelled are skipped).  Returns the count. */
static int bfs(const struct ref_nurikabe_grid *g, int *labels, int *queue, int start,
               int shaded, int directions, int label)
{
    int head = 0, tail = 0, d;
    labels[start] = label;
    queue[tail++] = start;
    while (head < tail) {
        int at = queue[head++], r = at / g->cols, c = at % g->cols;
        for (d = 0; d < directions; d++) {
            int rr = r + (directions == 4 ? side_row[d] : all_row[d]);
            int cc = c + (directions == 4 ? side_col[d] : all_col[d]);
            int next = rr * g->cols + cc;
            if (!inside(g, rr, cc) || g->shaded[next] != shaded || labels[next] != 0)
                continue;
            labels[next] = label;
            queue[tail++] = next;
        }
    }
    return tail;
}

int ref_nurikabe_verify(const struct ref_nurikabe_grid *g)
{
    int cells = g->rows * g->cols, i, r, c, shaded = 0, regions = 0, verdict = 1;
    int *labels = must(calloc((size_t)cells, sizeof(int)));
    int *queue = must(malloc((size_t)cells * sizeof(int)));
    int *region_size = must(calloc((size_t)cells + 1, sizeof(int)));
    int *region_numbers = must(calloc((size_t)cells + 1, sizeof(int)));
    uint32_t *region_value = must(calloc((size_t)cells + 1, sizeof(uint32_t)));

    /* rule: only blank cells are shaded */
    for (i = 0; i < g->count; i++)
        if (g->shaded[g->numbers[i].row * g->cols + g->numbers[i].col])
            verdict = 0;
    /* rule: no 2x2 square is all shaded */
    for (r = 0; r + 1 < g->rows; r++)
        for (c = 0; c + 1 < g->cols; c++)
            if (g->shaded[r * g->cols + c] && g->shaded[r * g->cols + c + 1]
                && g->shaded[(r + 1) * g->cols + c] && g->shaded[(r + 1) * g->cols + c + 1])
                verdict = 0;
    /* rule: the shaded cells are connected (4-neighbours) */
    for (i = 0; i < cells; i++)
        shaded += g->shaded[i];
    for (i = 0; i < cells; i++)
        if (g->shaded[i]) {
            if (bfs(g, labels, queue, i, 1, 4, -1) != shaded)
                verdict = 0;
            break;
        }
    /* rule: each unshaded region holds one number, equal to its size */
    for (i = 0; i < cells; i++)
        if (!g->shaded[i] && labels[i] == 0) {
            regions++;
            region_size[regions] = bfs(g, labels, queue, i, 0, 4, regions);
        }
    for (i = 0; i < g->count; i++) {
        int label = labels[g->numbers[i].row * g->cols + g->numbers[i].col];
        if (label > 0) {
            region_numbers[label]++;
            region_value[label] = g->numbers[i].value;
        }
    }
    for (i = 1; i <= regions; i++)
        if (region_numbers[i] != 1 || region_value[i] != (uint32_t)region_size[i])
            verdict = 0;
    /* rule: every unshaded cell reaches the edge (8-neighbours) */
    memset(labels, 0, (size_t)cells * sizeof(int));
    for (r = 0; r < g->rows; r++)
        for (c = 0; c < g->cols; c++) {
            int at = r * g->cols + c;
            bool edge = r == 0 || c == 0 || r == g->rows - 1 || c == g->cols - 1;
            if (edge && !g->shaded[at] && labels[at] == 0)
                bfs(g, labels, queue, at, 0, 8, 1);
        }
    for (i = 0; i < cells; i++)
        if (!g->shaded[i] && labels[i] == 0)
            verdict = 0;

    free(labels);
    free(queue);
    free(region_size);
    free(region_numbers);
    free(region_value);
    return verdict;
}

/* ---- generator ---------------------------------------------------------- */

static bool shaded_at(const struct ref_nurikabe_grid *g, int r, int c)
{
    return inside(g, r, c) && g->shaded[r * g->cols + c];
}

static int ring_find(int *parent, int x)
{
    while (parent[x] != x)
        x = parent[x];
    return x;
}

static void ring_union(int *parent, int a, int b)
{
    a = ring_find(parent, a);
    b = ring_find(parent, b);
    if (a != b)
        parent[b] = a;
}

/* Whether shading (r, c) keeps the topology: it joins exactly one shaded
 * group among its 8 neighbours through a side (so the shaded cells stay one
 * 4-connected group), and the unshaded cells around it (outside the grid
 * counts as unshaded: it is the edge) stay one 8-connected group (so no
 * unshaded cell is closed off from the edge).  Both counts are taken on the
 * ring of 8 neighbours, listed clockwise from the top. */
static bool shading_keeps_topology(const struct ref_nurikabe_grid *g, int r, int c,
                                   bool allow_holes)
{
    bool f[8];
    int i, sides = 0, joined = 0, unshaded = 0, parent[8], groups = 0;

    for (i = 0; i < 8; i++)
        f[i] = shaded_at(g, r + all_row[i], c + all_col[i]);
    /* shaded groups touching a side: side cells, merged through a shaded corner */
    for (i = 0; i < 8; i += 2)
        if (f[i]) {
            sides++;
            if (f[i + 1] && f[(i + 2) % 8])
                joined++;
        }
    if (allow_holes)
        return sides > 0; /* joining the wall anywhere keeps it connected, may close loops */
    if (!(sides - joined == 1 || (sides == 4 && joined == 4)))
        return false;
    /* unshaded groups on the ring: neighbours on the ring touch, and so do
     * two side cells with a corner between them */
    for (i = 0; i < 8; i++)
        parent[i] = i;
    for (i = 0; i < 8; i++) {
        if (!f[i] && !f[(i + 1) % 8])
            ring_union(parent, i, (i + 1) % 8);
        if (i % 2 == 0 && !f[i] && !f[(i + 2) % 8])
            ring_union(parent, i, (i + 2) % 8);
    }
    for (i = 0; i < 8; i++)
        if (!f[i]) {
            unshaded++;
            groups += ring_find(parent, i) == i;
        }
    return unshaded > 0 && groups == 1;
}

static bool makes_pool(const struct ref_nurikabe_grid *g, int r, int c)
{
    int dr, dc;
    for (dr = -1; dr <= 0; dr++)
        for (dc = -1; dc <= 0; dc++) {
            int r0 = r + dr, c0 = c + dc, n = 0, i, j;
            for (i = 0; i < 2; i++)
                for (j = 0; j < 2; j++)
                    n += (r0 + i == r && c0 + j == c) || shaded_at(g, r0 + i, c0 + j);
            if (n == 4 && inside(g, r0, c0) && inside(g, r0 + 1, c0 + 1))
                return true;
        }
    return false;
}

static void grow_wall(struct ref_nurikabe_grid *g, struct ref_nurikabe_rng *rng,
                      unsigned percent, bool allow_holes)
{
    int cells = g->rows * g->cols, target = (int)((long)cells * percent / 100), shaded = 0;
    int *frontier, size = 0, d, seed;

    if (target == 0)
        return;
    frontier = must(malloc((size_t)cells * 4 * sizeof(int) + sizeof(int)));
    seed = (int)ref_nurikabe_below(rng, (uint32_t)cells);
    g->shaded[seed] = 1;
    shaded = 1;
    frontier[size++] = seed;
    while (shaded < target && size > 0) {
        int pick = (int)ref_nurikabe_below(rng, (uint32_t)size), at = frontier[pick];
        int r = at / g->cols, c = at % g->cols;
        frontier[pick] = frontier[--size];
        if (!g->shaded[at]) {
            if (makes_pool(g, r, c) || !shading_keeps_topology(g, r, c, allow_holes))
                continue;
            g->shaded[at] = 1;
            shaded++;
        }
        for (d = 0; d < 4; d++) {
            int rr = r + side_row[d], cc = c + side_col[d];
            if (inside(g, rr, cc) && !g->shaded[rr * g->cols + cc] && size < cells * 4)
                frontier[size++] = rr * g->cols + cc;
        }
    }
    free(frontier);
}

void ref_nurikabe_generate(struct ref_nurikabe_grid *g, struct ref_nurikabe_rng *rng,
                           enum ref_nurikabe_shading shading, unsigned percent)
{
    int cells = g->rows * g->cols, i, regions = 0;
    int *labels, *queue;

    if (shading != REF_NURIKABE_RANDOM) {
        grow_wall(g, rng, percent, shading == REF_NURIKABE_HOLES);
    } else {
        for (i = 0; i < cells; i++)
            g->shaded[i] = ref_nurikabe_below(rng, 100) < percent;
    }
    /* a number equal to its size on a random cell of every region */
    labels = must(calloc((size_t)cells, sizeof(int)));
    queue = must(malloc((size_t)cells * sizeof(int)));
    for (i = 0; i < cells; i++)
        if (!g->shaded[i] && labels[i] == 0) {
            int size = bfs(g, labels, queue, i, 0, 4, ++regions);
            int at = queue[ref_nurikabe_below(rng, (uint32_t)size)];
            ref_nurikabe_add_number(g, at / g->cols, at % g->cols, (uint32_t)size);
        }
    free(labels);
    free(queue);
}

void ref_nurikabe_perturb(struct ref_nurikabe_grid *g, struct ref_nurikabe_rng *rng)
{
    int cells = g->rows * g->cols;
    int at = (int)ref_nurikabe_below(rng, (uint32_t)cells), r = at / g->cols, c = at % g->cols;
    int k = g->count > 0 ? (int)ref_nurikabe_below(rng, (uint32_t)g->count) : -1;
    int d = (int)ref_nurikabe_below(rng, 4);

    switch (ref_nurikabe_below(rng, 8)) {
    case 0: /* flip a cell */
        g->shaded[at] ^= 1;
        break;
    case 1: /* shade an unshaded cell beside the wall: pools, cut islands, shaded numbers */
        for (at = 0; at < cells; at++) {
            int p = (int)ref_nurikabe_below(rng, (uint32_t)cells);
            r = p / g->cols;
            c = p % g->cols;
            if (!g->shaded[p] && shaded_at(g, r + side_row[d], c + side_col[d])) {
                g->shaded[p] = 1;
                break;
            }
        }
        break;
    case 2: /* a number one more or one less */
        if (k >= 0)
            g->numbers[k].value = g->numbers[k].value > 1 && (d & 1) ? g->numbers[k].value - 1
                                                                     : g->numbers[k].value + 1;
        break;
    case 3: /* a number moved to a free neighbour */
        if (k >= 0) {
            int rr = g->numbers[k].row + side_row[d], cc = g->numbers[k].col + side_col[d];
            if (inside(g, rr, cc) && number_at(g, rr, cc) < 0) {
                uint32_t value = g->numbers[k].value;
                ref_nurikabe_remove_number(g, k);
                ref_nurikabe_add_number(g, rr, cc, value);
            }
        }
        break;
    case 4: /* an extra number */
        ref_nurikabe_add_number(g, r, c, 1u + ref_nurikabe_below(rng, 4));
        break;
    case 5: /* a number removed */
        if (k >= 0)
            ref_nurikabe_remove_number(g, k);
        break;
    case 7: /* a cell walled in: its unnumbered neighbours shaded (the edge rule) */
        for (d = 0; d < 8; d++) {
            int rr = r + all_row[d], cc = c + all_col[d];
            if (inside(g, rr, cc) && number_at(g, rr, cc) < 0)
                g->shaded[rr * g->cols + cc] = 1;
        }
        break;
    default: /* two numbers' values swapped */
        if (g->count >= 2) {
            int other = (int)ref_nurikabe_below(rng, (uint32_t)g->count);
            uint32_t v = g->numbers[k].value;
            g->numbers[k].value = g->numbers[other].value;
            g->numbers[other].value = v;
        }
        break;
    }
}
