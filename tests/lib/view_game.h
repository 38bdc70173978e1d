/*
 * view_game.h - a session playing a board the test laid out itself, for
 * tests/test_view.c: the test knows every mine, follows the player map
 * through the move replies, and plays by a plan to win, or to lose by a
 * click (now and then on a '?') or by a chord whose flags are wrong.
 */
#ifndef SAPPER_VIEW_GAME_H
#define SAPPER_VIEW_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/session_drive.h"
#include "sapper.h"

/* The tests' random numbers: below n; the state, to play a board twice. */
extern uint32_t view_game_rng;
uint32_t view_game_random(uint32_t n);

/* A session playing a board the test laid out, and what the test knows. */
struct view_game {
    struct sap_session *s;
    struct session_memory memory;
    uint32_t rows, cols, mines;
    unsigned char *mine; /* rows * cols, 1 a mine */
    char *map;           /* the player map, as the move replies said */
    int state;           /* enum sap_outcome: RUNNING, WIN, LOSE */
    uint32_t clicks;
    int lost_op; /* the losing move's button and 0-based cell */
    uint32_t lost_row, lost_col;
};

enum view_plan_kind { PLAN_WIN, PLAN_LOSE_CLICK, PLAN_LOSE_CHORD };

struct view_plan {
    enum view_plan_kind kind;
    uint32_t lose_after; /* moves played toward a win before the losing ones */
    uint32_t moves;
    bool target_set;
    uint32_t tr, tc;           /* the mine to click, or the number to chord */
    uint32_t safe_r, safe_c;   /* the chord's wrong flag */
    uint32_t spare_r, spare_c; /* the mine the chord's flags leave out */
    bool question;             /* the mine to click is marked ? first */
};

/* One request and its whole reply (malloc'd), polled with a random cap;
 * view_game_expect checks it. */
char *view_game_ask(struct view_game *g, const char *request);
void view_game_expect(struct view_game *g, const char *request, const char *want);
/* A fresh session on a rows x cols board: `layout` ('*' a mine), or mines
 * at random (`percent` of the cells, a safe cell left); and its end. */
void view_game_start(struct view_game *g, uint32_t rows, uint32_t cols, uint32_t percent,
                     const char *layout);
void view_game_end(struct view_game *g);
/* Follows the boom lines at the head of a move's reply; returns their
 * length.  view_game_play sends the move and follows its whole reply. */
size_t view_game_follow(struct view_game *g, const char *reply, int op, uint32_t x, uint32_t y);
void view_game_play(struct view_game *g, int op, uint32_t x, uint32_t y);

/* A plan for g (it loses after a random number of moves); its next move,
 * 1-based. */
void view_plan_init(struct view_plan *p, const struct view_game *g, enum view_plan_kind kind);
void view_plan_next(const struct view_game *g, struct view_plan *p, int *op, uint32_t *x,
                    uint32_t *y);

#endif
