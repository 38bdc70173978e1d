/*
 * winrate.h - what the three files of tools/winrate share: winrate_game.c
 * plays one game, winrate.c shares games among workers and prints their
 * table, winrate_files.c reads runs' output back (--add, --pair), which
 * names the same configurations and cells and is printed in the same rows.
 */
#ifndef SAPPER_WINRATE_H
#define SAPPER_WINRATE_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#define PROGRAM "winrate"

/* ---- configurations, cells and outcomes (winrate_game.c) --------------- */

enum rules { RULES_MODERN, RULES_CLASSIC };

struct config {
    const char *name;
    uint32_t rows, cols, mines;
    enum rules rules;
};

/* Every configuration, in the table's order; a game line's configuration
 * is read back as its index in configs[]. */
#define CONFIG_COUNT 6u
extern const struct config configs[CONFIG_COUNT];
/* NULL for a name that is not a configuration's. */
const struct config *config_named(const char *name);

struct cell {
    uint32_t row, col; /* 1-based */
};

/* How a game ended; outcome_names[] are its words in a game line. */
enum outcome { OUTCOME_WON, OUTCOME_LOST, OUTCOME_ERR };
extern const char *const outcome_names[];

/* A first click asked for, clipped to the board as HINT clips (3, 3); a
 * configuration's own first click. */
struct cell clip_cell(const struct config *c, struct cell want);
struct cell default_first(const struct config *c);

/* The largest board a configuration has: expert's 16 x 30. */
#define MAX_CELLS (16u * 30u)
/* A classic board for `seed` and the first click `first`: rows * cols
 * bytes, '*' a mine, '_' safe. */
void classic_board(const struct config *c, uint32_t seed, struct cell first, char *board);

/* ---- one game (winrate_game.c) ----------------------------------------- */

/* HINT's times: a histogram of nanoseconds that workers and runs add up
 * exactly: values under 64 have a bucket each, then every octave 64
 * buckets, so a bucket's middle is within 0.8 % of any value in it. */
#define TIME_SUB 64u
#define TIME_BUCKETS (TIME_SUB + 58u * TIME_SUB)

/* What a worker sends back after its games' records. */
struct timing {
    uint64_t counts[TIME_BUCKETS];
    uint64_t hints;
    uint64_t slowest_ns;
    uint32_t slowest_seed; /* the game of the slowest HINT */
    double cpu_seconds;    /* the worker's CPU time over its games */
};

void timing_add(struct timing *into, const struct timing *t);
/* The q-quantile (nearest rank) in microseconds; 0 when nothing was timed. */
double timing_quantile_us(const struct timing *t, double q);
uint64_t now_ns(clockid_t clock);

/* One game as a worker sends it back. */
struct game_record {
    uint32_t seed;
    uint32_t outcome; /* enum outcome */
    uint32_t moves;   /* move requests, the first click included */
    uint32_t hints;   /* HINT requests */
    uint32_t guesses; /* HINT replies that were GUESS */
    uint32_t faults;  /* the checks' disagreements: 0 unless the tool or the core is wrong */
    uint32_t cpu_us;  /* the CPU time the game took, the tool's own work included */
};

struct player;

/* A player of one configuration's games, its HINTs timed into `timing`;
 * NULL when out of memory.  --verify: each move played on the reference
 * engine too. */
struct player *player_new(const struct config *c, struct cell first, bool verify,
                          struct timing *timing);
/* The game of `seed`, from NEW to its end, into g.  Complaints go to
 * stderr, the first few of a player's. */
void play_game(struct player *p, uint32_t seed, struct game_record *g);
/* The complaints past those shown. */
unsigned player_unshown(const struct player *p);
void player_free(struct player *p);

/* ---- the command line and the table (winrate.c) ------------------------ */

/* The command line's readers, which read the result files' fields too. */
bool parse_number(const char *text, uint64_t max, uint64_t *value);
bool parse_cell(const char *text, struct cell *at);

struct tally {
    uint64_t games, wins, errs, guesses, hints, moves, faults;
};

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
