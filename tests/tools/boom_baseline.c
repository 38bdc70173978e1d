/*
 * boom_baseline - the benchmark's yardstick: the boom judge written the way
 * a contestant would, with int arrays, a recursive opening, each move's
 * changes collected and sorted with qsort, and scanf/printf.  It trusts its
 * input (statement limits: n, m <= 200) and is kept only to be timed
 * against `sapperd --judge boom` on the same input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 205

static int n, m, mine[N][N], opened[N][N];
static char map[N][N];
static int covered, nchanges, change_x[N * N + 8], change_y[N * N + 8], order[N * N + 8];

static int around(int x, int y)
{
    int dx, dy, k = 0;
    for (dx = -1; dx <= 1; dx++)
        for (dy = -1; dy <= 1; dy++)
            if ((dx || dy) && x + dx >= 1 && x + dx <= n && y + dy >= 1 && y + dy <= m)
                k += mine[x + dx][y + dy];
    return k;
}

static void changed(int x, int y)
{
    change_x[nchanges] = x;
    change_y[nchanges] = y;
    nchanges++;
}

static void open_cell(int x, int y)
{
    int dx, dy, k = around(x, y);
    opened[x][y] = 1;
    covered--;
    map[x][y] = (char)('0' + k);
    changed(x, y);
    if (k)
        return;
    for (dx = -1; dx <= 1; dx++)
        for (dy = -1; dy <= 1; dy++) {
            int a = x + dx, b = y + dy;
            if ((dx || dy) && a >= 1 && a <= n && b >= 1 && b <= m && !opened[a][b]
                && map[a][b] != 'P')
                open_cell(a, b);
        }
}

static int by_position(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    if (change_x[a] != change_x[b])
        return change_x[a] - change_x[b];
    return change_y[a] - change_y[b];
}

int main(void)
{
    int t, tc;
    static char row[100000];
    if (scanf("%d", &t) != 1)
        return 0;
    for (tc = 0; tc < t; tc++) {
        int i, j, op, x, y, ended = 0, mines = 0;
        if (tc)
            printf("==========\n");
        if (scanf("%d %d", &n, &m) != 2)
            return 1;
        memset(mine, 0, sizeof mine);
        memset(opened, 0, sizeof opened);
        for (i = 1; i <= n; i++) {
            if (scanf("%99999s", row) != 1)
                return 1;
            for (j = 1; j <= m; j++) {
                mine[i][j] = row[j - 1] == '*';
                mines += mine[i][j];
                map[i][j] = '_';
            }
        }
        covered = n * m;
        while (scanf("%d", &op) == 1 && op != 0) {
            int lost = 0;
            if (scanf("%d %d", &x, &y) != 2)
                return 1;
            if (ended) {
                printf("INVALID\n");
                continue;
            }
            nchanges = 0;
            if (op == 1) {
                if (!opened[x][y] && map[x][y] != 'P') {
                    if (mine[x][y])
                        lost = 1;
                    else
                        open_cell(x, y);
                }
            } else if (op == 2) {
                if (!opened[x][y]) {
                    map[x][y] = map[x][y] == '_' ? 'P' : map[x][y] == 'P' ? '?' : '_';
                    changed(x, y);
                }
            } else if (opened[x][y]) {
                int dx, dy, flags = 0;
                for (dx = -1; dx <= 1; dx++)
                    for (dy = -1; dy <= 1; dy++)
                        if ((dx || dy) && x + dx >= 1 && x + dx <= n && y + dy >= 1
                            && y + dy <= m && map[x + dx][y + dy] == 'P')
                            flags++;
                if (flags == map[x][y] - '0') {
                    for (dx = -1; dx <= 1; dx++)
                        for (dy = -1; dy <= 1; dy++) {
                            int a = x + dx, b = y + dy;
                            if ((dx || dy) && a >= 1 && a <= n && b >= 1 && b <= m
                                && !opened[a][b] && map[a][b] != 'P' && mine[a][b])
                                lost = 1;
                        }
                    if (!lost)
                        for (dx = -1; dx <= 1; dx++)
                            for (dy = -1; dy <= 1; dy++) {
                                int a = x + dx, b = y + dy;
                                if ((dx || dy) && a >= 1 && a <= n && b >= 1 && b <= m
                                    && !opened[a][b] && map[a][b] != 'P')
                                    open_cell(a, b);
                            }
                }
            }
            if (lost) {
                ended = 1;
                printf("LOSE\n");
                continue;
            }
            for (i = 0; i < nchanges; i++)
                order[i] = i;
            qsort(order, (size_t)nchanges, sizeof order[0], by_position);
            printf("RUNNING: [");
            for (i = 0; i < nchanges; i++)
                printf("%s<%d, %d, %c>", i ? ", " : "", change_x[order[i]], change_y[order[i]],
                       map[change_x[order[i]]][change_y[order[i]]]);
            printf("]\n");
            if (covered == mines) {
                ended = 1;
                printf("WIN\n");
            }
        }
        if (!ended)
            printf("QUIT\n");
    }
    return 0;
}
