/*
 * winrate.h - what the two files of tools/winrate share: winrate.c plays
 * games and prints their table, winrate_files.c reads runs' output back
 * (--add, --pair), which names the same configurations and cells and is
 * printed in the same rows.
 */
#ifndef SAPPER_WINRATE_H
#define SAPPER_WINRATE_H

#include <stdbool.h>
#include <stdint.h>

#define PROGRAM "winrate"

/* ---- configurations, cells and outcomes (winrate.c) -------------------- */

enum rules { RULES_MODERN, RULES_CLASSIC };

struct config {
    const char *name;
    uint32_t rows, cols, mines;
    enum rules rules;
};

/* Every configuration, in the table's order; a game line's configuration
 * is read back as its index in configs[]. */
extern const struct config configs[];
/* NULL for a name that is not a configuration's. */
const struct config *config_named(const char *name);

struct cell {
    uint32_t row, col; /* 1-based */
};

/* How a game ended; outcome_names[] are its words in a game line. */
enum outcome { OUTCOME_WON, OUTCOME_LOST, OUTCOME_ERR };
extern const char *const outcome_names[];

/* The command line's readers, which read the result files' fields too. */
bool parse_number(const char *text, uint64_t max, uint64_t *value);
bool parse_cell(const char *text, struct cell *at);

/* ---- the table (winrate.c) --------------------------------------------- */

struct tally {
    uint64_t games, wins, errs, guesses, hints, moves, faults;
};

/* HINT's times, which only a run that plays has. */
struct timing;

void print_table_head(void);
void print_row(const char *name, struct cell first, const struct tally *t,
               const struct timing *timing);
void print_raw(const char *name, struct cell first, const char *seeds, const struct tally *t);

#define RAW_HEAD "# raw: config, first click, seeds, games, wins, errs, guesses, hints, moves\n"

/* ---- reading runs' output (winrate_files.c) ---------------------------- */

/* --add: the raw lines of files[0..file_count), or of stdin for none,
 * added up and printed as a table and raw lines; the exit status. */
int run_add(char *const *files, int file_count);
/* --pair A B: the game lines of two runs (one may be "-", stdin) paired
 * seed by seed; with list_only_won, also each game only one run won. */
int run_pair(const char *file_a, const char *file_b, bool list_only_won);

#endif
