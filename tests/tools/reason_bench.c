/*
 * reason_bench - which reasons HINT gives in games followed by HINT, and
 * how often it falls back to the whole count ("every layout that fits the
 * numbers and the mine count ...") where a person would want numbers to
 * check.
 *
 *   reason_bench [GAMES [ROWS COLS MINES [SEED]]] [-v] [-l]
 *
 * Each game (default 100 expert games, 16 x 30 with 99 mines, seeds SEED,
 * SEED + 1, ..., SEED 1 by default) is a random board (NEW ROWS COLS MINES
 * <seed>: laid at the first click) played through a protocol session in
 * this process: HINT, then the move it names (SAFE and GUESS: open; MINE:
 * flag), until the game is won or lost.  Every HINT's line is sorted by
 * its reason:
 *   first     before the first click
 *   flag      a flag the numbers prove wrong
 *   one       one number ("shows 2 and has 2 covered neighbours", "shows 0")
 *   steps     two steps ("... its one mine is (1, 4), shown by (1, 3)")
 *   known     one number and the known mines around it ("shows 3 and
 *             touches 3 known mines")
 *   two       two numbers ("(1, 1) shows 1, all of its covered cells
 *             touching (1, 2), which shows 1 ...")
 *   two+k     two numbers beside known mines ("besides known mines: ...")
 *   count     the whole count ("every layout that fits ...")
 *   guess     GUESS (no cell is certain)
 *   other     none of these (a failure: exit 1)
 * and the share of "count" among every HINT and among the certain cells'
 * is printed, with the longest line (which must be under SAP_REPLY_MAX
 * with its line end: exit 1 otherwise).  With -v every "count" line is
 * printed with its position (SHOW), to see what the reasons miss.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/heap_memory.h"
#include "lib/session_drive.h"
#include "sapper.h"

enum kind { FIRST, FLAG, ONE, STEPS, KNOWN, TWO, TWO_KNOWN, COUNT, GUESS, OTHER, KINDS };

static const char *const names[KINDS] = { "first", "flag",  "one",   "steps", "known",
                                          "two",   "two+k", "count", "guess", "other" };

static struct sap_session session;
static char reply[1 << 16];
static char board[1 << 16];

static const char *ask(const char *request)
{
    return session_ask(&session, request, reply, sizeof reply);
}

/* A line into line[256], cut there. */
static void keep(char *line, const char *from)
{
    size_t n = strlen(from);
    n = n < 255 ? n : 255;
    memcpy(line, from, n);
    line[n] = '\0';
}

/* The reason's kind of a HINT line. */
static enum kind kind_of(const char *line)
{
    if (strncmp(line, "GUESS ", 6) == 0)
        return GUESS;
    if (strncmp(line, "SAFE ", 5) != 0 && strncmp(line, "MINE ", 5) != 0)
        return OTHER;
    if (strstr(line, "the first click is never a mine") != NULL)
        return FIRST;
    if (strstr(line, "the flag on it is wrong") != NULL)
        return FLAG;
    if (strstr(line, "every layout") != NULL)
        return COUNT;
    if (strstr(line, ", shown by ") != NULL)
        return STEPS;
    if (strstr(line, " and has ") != NULL || strstr(line, " shows 0") != NULL)
        return ONE;
    if (strstr(line, "besides known mines: ") != NULL)
        return TWO_KNOWN;
    if (strstr(line, " touching ") != NULL)
        return TWO;
    if (strstr(line, " known mine") != NULL)
        return KNOWN;
    return OTHER;
}

int main(int argc, char **argv)
{
    unsigned games = 100, rows = 16, cols = 30, mines = 99, seed = 1, game, won = 0;
    unsigned long count[KINDS] = { 0 }, hints = 0;
    size_t longest = 0;
    char longest_line[256] = "";
    char example[KINDS][256];
    bool verbose = false, lines = false;
    int i, n = 0;
    unsigned numbers[5];
    memset(example, 0, sizeof example);
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            verbose = true;
        else if (strcmp(argv[i], "-l") == 0)
            lines = true;
        else if (n < 5)
            numbers[n++] = (unsigned)strtoul(argv[i], NULL, 10);
    }
    if (n == 2 || n == 3 || (n == 0 && argc > 1 && !verbose && !lines)) {
        fprintf(stderr, "usage: reason_bench [GAMES [ROWS COLS MINES [SEED]]] [-v] [-l]\n");
        return 2;
    }
    if (n >= 1)
        games = numbers[0];
    if (n >= 4) {
        rows = numbers[1];
        cols = numbers[2];
        mines = numbers[3];
    }
    if (n == 5)
        seed = numbers[4];
    for (game = 0; game < games; game++) {
        char request[96];
        sap_session_init(&session, &heap_memory);
        sap_session_set_budget(&session, SAP_BUDGET_UNLIMITED);
        snprintf(request, sizeof request, "NEW %u %u %u %u\n", rows, cols, mines, seed + game);
        ask(request);
        for (;;) {
            unsigned x, y;
            char word[8];
            size_t length;
            enum kind k;
            if (verbose) {
                ask("SHOW\n");
                memcpy(board, reply, sizeof board);
            }
            ask("HINT\n");
            length = strlen(reply);
            hints++;
            k = kind_of(reply);
            count[k]++;
            if (example[k][0] == '\0')
                keep(example[k], reply);
            if (length > longest) {
                longest = length;
                keep(longest_line, reply);
            }
            if (lines)
                printf("%s", reply);
            if (verbose && k == COUNT)
                printf("seed %u: %s%s\n", seed + game, reply, board);
            if (k == OTHER || sscanf(reply, "%7s %u %u", word, &x, &y) != 3) {
                fprintf(stderr, "reason_bench: seed %u: HINT said: %s", seed + game, reply);
                count[OTHER] += k != OTHER;
                break;
            }
            snprintf(request, sizeof request, "%d %u %u\n", strcmp(word, "MINE") == 0 ? 2 : 1,
                     x, y);
            ask(request);
            if (strstr(reply, "WIN\n") != NULL) {
                won++;
                break;
            }
            if (strstr(reply, "LOSE\n") != NULL || strncmp(reply, "ERR", 3) == 0)
                break;
        }
        sap_session_release(&session);
    }
    printf("%u games %ux%u/%u from seed %u, %u won; %lu HINTs:\n", games, rows, cols, mines,
           seed, won, hints);
    for (i = 0; i < KINDS; i++)
        printf("  %-6s %6lu  %5.1f %%  %s", names[i], count[i],
               hints ? 100.0 * (double)count[i] / (double)hints : 0.0,
               example[i][0] ? example[i] : "\n");
    {
        unsigned long certain = hints - count[GUESS] - count[FIRST];
        printf("the whole count: %.1f %% of every HINT, %.1f %% of the certain cells' "
               "(%lu of %lu)\n",
               hints ? 100.0 * (double)count[COUNT] / (double)hints : 0.0,
               certain ? 100.0 * (double)count[COUNT] / (double)certain : 0.0, count[COUNT],
               certain);
    }
    printf("longest line: %zu bytes with its line end: %s", longest, longest_line);
    if (longest >= SAP_REPLY_MAX) {
        fprintf(stderr, "reason_bench: a line past SAP_REPLY_MAX\n");
        return 1;
    }
    return count[OTHER] == 0 ? 0 : 1;
}
