/*
 * sapper_config.h - the build knobs of the sapper core: its version, the
 * limits every solver and reader checks, which solvers a build serves,
 * and the other settings a port tunes, each overridable with -D (as
 * zlib's zconf.h and lwIP's opt.h hold theirs).  core/sapper.h includes
 * it as its section 1: a program includes sapper.h alone.
 *
 * A program and the library it links must be compiled with the same
 * knobs: SAP_LIMITS_TAG below lets the library refuse a program that was
 * not (SAP_ERR_LIMITS, sapper.h section 4).
 */
#ifndef SAPPER_CONFIG_H
#define SAPPER_CONFIG_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------------
 * Version, limits and knobs
 *
 * Every limit is a plain integer constant a build may set with -D (as
 * lwIP's lwipopts.h sets opt.h's), and the library and every program
 * linking it must be compiled with the same ones: SAP_LIMITS_TAG below
 * lets the library refuse a program that was not (SAP_ERR_LIMITS).
 * ---------------------------------------------------------------------- */

#define SAP_VERSION_MAJOR 0
#define SAP_VERSION_MINOR 1
#define SAP_VERSION_PATCH 0
#define SAP_VERSION_STRING "0.1.0"

/* Largest board side accepted by every solver and reader of this build.
 * The host build takes 1000 x 1000; a microcontroller port lowers these. */
#ifndef SAP_MAX_ROWS
#define SAP_MAX_ROWS 1000u
#endif
#ifndef SAP_MAX_COLS
#define SAP_MAX_COLS 1000u
#endif
/* Largest number of cells (rows * cols) of one board. */
#ifndef SAP_MAX_CELLS
#define SAP_MAX_CELLS ((uint32_t)SAP_MAX_ROWS * (uint32_t)SAP_MAX_COLS)
#endif

/* Limits that would overflow fail here, not at run time: a cell index is
 * a uint32_t everywhere, and the casual player's work list links cells
 * with 20-bit fields (core/casual.c).  The sides must be plain integer
 * constants (e.g. -DSAP_MAX_ROWS=2000u) for these tests. */
#if (SAP_MAX_ROWS) < 1 || (SAP_MAX_COLS) < 1
#error "SAP_MAX_ROWS and SAP_MAX_COLS must be at least 1"
#endif
#if (SAP_MAX_ROWS) * (SAP_MAX_COLS) >= 1048575
#error "SAP_MAX_ROWS * SAP_MAX_COLS must stay below 1048575 cells"
#endif

/* Longest protocol request line, without its line end.  A board row of
 * SAP_MAX_COLS cells must fit, so the default follows SAP_MAX_COLS; where
 * ANALYZE is served, twice over: a row pasted from VIEW or SHOW has a space
 * between its cells. */
#ifndef SAP_LINE_MAX
#define SAP_LINE_MAX                                                                           \
    (((SAP_SOLVERS)&SAP_SOLVER_ANALYZE) ? 2u * (SAP_MAX_COLS) + 24u : (SAP_MAX_COLS) + 24u)
#endif

/* Largest decimal number any reader accepts (counts, sizes, coordinates,
 * seeds).  Larger numbers are refused as "number too large", never wrapped. */
#define SAP_NUMBER_MAX 4294967295u

/* Largest WORK block (section 3) the core asks for, and so the most a
 * session holds beside its current game: a CASUAL/NURIKABE board, a JUDGE
 * case, or the board a NEW is reading while the old game plays on.  The
 * default is no limit of its own (the board limits above bound every
 * block).  A board short of RAM lowers it: a request or a judge case whose
 * WORK block would be larger is refused as when the provider refuses ("not
 * enough memory for this board") without asking the provider, and a NEW
 * whose board is larger releases the current game before acquiring the new
 * one.  So a provider of SAP_SESSION_MEMORY_BYTES (section 4) never has
 * to refuse.  An integer constant (-DSAP_MAX_WORK_BYTES=292u): the core
 * tests it with #if. */
#ifndef SAP_MAX_WORK_BYTES
#define SAP_MAX_WORK_BYTES SIZE_MAX
#endif

/* The solvers beside the game engine that this build's protocol session
 * and judge readers serve: a mask of SAP_SOLVER_..., all by default.  A
 * board short of flash leaves some out: their requests (CASUAL and
 * CASUALMAP, MASTER, NURIKABE, and JUDGE of their formats) are answered
 * "ERR not in this build", sap_judge_init refuses their formats
 * (SAP_ERR_ARG), and nothing else refers to their code, so a link with
 * --gc-sections drops it.  Their own functions (sections 6 to 8) stay. */
#define SAP_SOLVER_CASUAL 0x1u
#define SAP_SOLVER_MASTER 0x2u
#define SAP_SOLVER_NURIKABE 0x4u
#define SAP_SOLVER_DEDUCE 0x8u /* the deduction engine: HINT and PROB */
/* Not a solver but served the same way: VIEW, the board drawn for a person
 * (with SET COLOR and SET VIEW; VIEW PROB needs the deduction engine too),
 * about 3 KiB of AVR code. */
#define SAP_SOLVER_VIEW 0x10u
/* STATS, a board's 3BV, openings and islands: about 1.8 KiB of AVR code. */
#define SAP_SOLVER_STATS 0x20u
/* RESUME <token>: a game kept by a server whose connection dropped
 * (sap_session_set_resume, section 4).  A board has one serial line and no
 * connection to lose: the ports leave it out. */
#define SAP_SOLVER_RESUME 0x40u
/* ANALYZE, CELL and MINES: a position typed in from any player's game, for
 * HINT and PROB (the deduction engine serves them; about 2 KiB of code). */
#define SAP_SOLVER_ANALYZE 0x80u
#ifndef SAP_SOLVERS
#define SAP_SOLVERS                                                                            \
    (SAP_SOLVER_CASUAL | SAP_SOLVER_MASTER | SAP_SOLVER_NURIKABE | SAP_SOLVER_DEDUCE           \
     | SAP_SOLVER_VIEW | SAP_SOLVER_STATS | SAP_SOLVER_RESUME | SAP_SOLVER_ANALYZE)
#endif
#if ((SAP_SOLVERS)&SAP_SOLVER_ANALYZE) && !((SAP_SOLVERS)&SAP_SOLVER_DEDUCE)
#error "SAP_SOLVER_ANALYZE needs SAP_SOLVER_DEDUCE: HINT and PROB are what a position is for"
#endif

/* NEW's shortcuts for a person at a terminal: the presets (NEW BEGINNER,
 * INTERMEDIATE, EXPERT) and a NEW that names no seed (NEW <rows> <cols>
 * <mines>, which takes one from sap_session_set_seeds, section 4).  1 by
 * default; 0 leaves them out of a board short of flash (about 1.2 KiB of
 * AVR code): there a preset word is "not a number" and a NEW with three
 * numbers is told NEW's usage.  An integer constant: the core tests it
 * with #if. */
#ifndef SAP_NEW_SHORTCUTS
#define SAP_NEW_SHORTCUTS 1
#endif

/* What spares a person typing at a terminal the small stumbles: a request
 * line where a board's row is read (NEW 9 9, then HINT) ends that request
 * at once with an ERR that says what it reads; HINT and PROB on a game
 * over say it is won or lost; a NEW whose first word is no number and no
 * preset names the presets; the cells HINT writes, "(4, 4)", are read
 * back as "4 4" (in a request line and a number line, '(', ')' and ','
 * end words as spaces do); SET VIEW ONLY draws a move's VIEW without its
 * boom lines.  1 by default; 0 leaves them out of a board short of flash
 * (about 0.8 KiB of Arm code, 1 KiB of AVR).  An integer constant: the
 * core tests it with #if. */
#ifndef SAP_PERSON_EXTRAS
#define SAP_PERSON_EXTRAS 1
#endif

/* HINT's reasons from two numbers and from known mines (core/README.md,
 * "HINT's reasons"): 1 by default; 0 leaves them out of a board short of
 * flash (2 KiB of Cortex-M3 code: the boards in the tree build so), whose
 * HINT then says "every layout that fits the numbers ..." of what neither
 * one number nor two steps (a safe cell's number whose one or two mines
 * are each shown by one number) prove.  It changes no size and no other
 * reply, so it is not part of SAP_LIMITS_TAG.  An integer constant: the
 * core tests it with #if. */
#ifndef SAP_HINT_REASONS
#define SAP_HINT_REASONS 1
#endif

/* HINT's 50/50s to come (core/README.md, "HINT's guess"): a cell that,
 * were it a mine, would be half of a 50/50 no move can resolve is guessed
 * before any other.  1 by default; 0 leaves them out of a board short of
 * flash (about 400 bytes of Cortex-M3 code: the boards in the tree build
 * so), whose HINT then weighs such a cell as any other.  It changes no
 * size, so it is not part of SAP_LIMITS_TAG.  An integer constant. */
#ifndef SAP_HINT_FIFTIES
#define SAP_HINT_FIFTIES 1
#endif

/* HINT's deeper look (core/README.md, "The deeper look"): close candidates
 * weighed again, two moves after the guess.  1 by default; 0 leaves it out
 * of a board short of flash (about 1.6 KiB of Cortex-M3 code: the boards
 * in the tree build so), whose HINT then names the look-ahead's choice.
 * It changes no size, so it is not part of SAP_LIMITS_TAG.  An integer
 * constant. */
#ifndef SAP_HINT_DEEPER
#define SAP_HINT_DEEPER 1
#endif

/* Where the core keeps its constant text (the HELP text, ERR reasons and
 * reply words, about 4 KiB).  0: ordinary read-only data.  1: program
 * memory, read with the lpm instruction: on AVR, whose plain loads read
 * only SRAM, so that ordinary constants would all be copied into SRAM at
 * start.  The default is 1 when compiling for AVR, 0 elsewhere.  With 1,
 * sap_strerror() and sap_format_name() return program-memory addresses
 * (read them with lpm, e.g. avr-libc's strcpy_P, not as C strings); every
 * other pointer the API returns (a judge's error_reason included) points
 * to RAM. */
#ifndef SAP_TEXT_IN_FLASH
#ifdef __AVR__
#define SAP_TEXT_IN_FLASH 1
#else
#define SAP_TEXT_IN_FLASH 0
#endif
#endif

/* Bytes of reply text the session buffers for one request line before the
 * caller polls them; long replies (a game move's changes, SHOW, a MASTER
 * board, a JUDGE stream) are produced piece by piece instead.  Every ERR
 * line fits (the longest, NEW's usage, is 120 bytes with its line end; a
 * word an ERR quotes is cut to 32 characters); at least 120. */
#ifndef SAP_REPLY_MAX
#define SAP_REPLY_MAX 128u
#endif

/* The default budget (section 2's steps) of one session sink or poll
 * call: about half a millisecond of work on a desktop core, so that a
 * server taking its sessions in turn answers each within milliseconds. */
#ifndef SAP_SESSION_BUDGET
#define SAP_SESSION_BUDGET 65536u
#endif

/* The default work allowance of one request (sap_session_set_allowance,
 * section 4): steps (section 2) per cell of its board, every board counted
 * as at least SAP_ALLOWANCE_MIN_CELLS cells.  Past it the request gives up
 * and changes nothing.  16384 a cell is about 5 s of a desktop core for a
 * small board (2^30 steps) and about 75 s for a 1000 x 1000 one: more than
 * a person waits for a board, and a board nobody can make costs that, not
 * hours. */
#ifndef SAP_SESSION_ALLOWANCE
#define SAP_SESSION_ALLOWANCE 16384u
#endif
#define SAP_ALLOWANCE_MIN_CELLS 65536u

/* The deduction engine's workspace (section 10) holds this many unsettled
 * frontier cells (covered cells next to a number that the cheap rules
 * leave open), or a 256th of the board's cells where that is more (a
 * 1000 x 1000 board's frontier runs past a thousand cells all game); a
 * board with fewer cells needs no more than its cell count, so every
 * position of a board up to this many cells is worked out.  Each costs 64
 * bytes of SAP_DEDUCE_BYTES. */
#ifndef SAP_DEDUCE_FRONTIER
#define SAP_DEDUCE_FRONTIER 1024u
#endif

/* The deduction engine gives up (SAP_ERR_SIZE, claiming nothing) past this
 * many steps (section 2) on one position, so that the exponential worst
 * case costs bounded time. */
#ifndef SAP_DEDUCE_MAX_STEPS
#define SAP_DEDUCE_MAX_STEPS 50000000u
#endif

/* HINT's endgame search (section 10): when at most this many layouts fit
 * a position that needs a guess, and they differ in at most 64 covered
 * cells, the move that most often wins the whole game is found exactly, by
 * searching every way the game can go on.  Its block grows by about 12
 * bytes a layout (SAP_ENDGAME_BYTES); 0 leaves the search out (the
 * default on AVR, whose RAM could not hold its block).  0, or 2 to 65535.
 * An integer constant: the core tests it with #if. */
#ifndef SAP_ENDGAME_LAYOUTS
#ifdef __AVR__
#define SAP_ENDGAME_LAYOUTS 0u
#else
#define SAP_ENDGAME_LAYOUTS 1024u
#endif
#endif
/* The positions the search remembers (16 bytes each): a power of two. */
#ifndef SAP_ENDGAME_MEMO
#define SAP_ENDGAME_MEMO 1024u
#endif
/* The search gives up (SAP_ERR_SIZE, claiming nothing) past this many
 * steps (section 2), and HINT then weighs its guess as it would anyway. */
#ifndef SAP_ENDGAME_MAX_STEPS
#define SAP_ENDGAME_MAX_STEPS 4000000u
#endif

/* The no-guess generator (section 12) gives up (SAP_ERR_SIZE) after this
 * many perturbations of a layout, rather than serve a board that needs a
 * guess. */
#ifndef SAP_GENERATE_MAX_TRIES
#define SAP_GENERATE_MAX_TRIES 10000u
#endif

/* Every limit above as one number.  A program and the library it links
 * must agree on them (struct sap_session's size follows SAP_LINE_MAX and
 * SAP_REPLY_MAX); sap_session_init passes the program's tag and the
 * library refuses a session whose tag is not its own (SAP_ERR_LIMITS). */
#define SAP_LIMITS_TAG                                                                         \
    ((uint32_t)(SAP_LIMITS_MIX_(SAP_MAX_ROWS, 0x9e3779b1u)                                     \
                + SAP_LIMITS_MIX_(SAP_MAX_COLS, 0x85ebca77u)                                   \
                + SAP_LIMITS_MIX_(SAP_MAX_CELLS, 0xc2b2ae3du)                                  \
                + SAP_LIMITS_MIX_(SAP_LINE_MAX, 0x27d4eb2fu)                                   \
                + SAP_LIMITS_MIX_((uint64_t)(SAP_MAX_WORK_BYTES) >> 32, 0x165667b1u)           \
                + SAP_LIMITS_MIX_(SAP_MAX_WORK_BYTES, 0xd3a2646du)                             \
                + SAP_LIMITS_MIX_(SAP_SOLVERS, 0xfd7046c5u)                                    \
                + SAP_LIMITS_MIX_(SAP_TEXT_IN_FLASH, 0xb55a4f09u)                              \
                + SAP_LIMITS_MIX_(SAP_REPLY_MAX, 0x68e31da5u)                                  \
                + SAP_LIMITS_MIX_(SAP_SESSION_BUDGET, 0x1b873593u)                             \
                + SAP_LIMITS_MIX_(SAP_SESSION_ALLOWANCE, 0x7feb352du)                          \
                + SAP_LIMITS_MIX_(SAP_DEDUCE_FRONTIER, 0xcc9e2d51u)                            \
                + SAP_LIMITS_MIX_(SAP_DEDUCE_MAX_STEPS, 0xe6546b65u)                           \
                + SAP_LIMITS_MIX_(SAP_GENERATE_MAX_TRIES, 0x85ebca6bu)                         \
                + SAP_LIMITS_MIX_(SAP_ENDGAME_LAYOUTS, 0x2c1b3c6du)                            \
                + SAP_LIMITS_MIX_(SAP_ENDGAME_MEMO, 0x297a2d39u)                               \
                + SAP_LIMITS_MIX_(SAP_ENDGAME_MAX_STEPS, 0x4cf5ad43u)                          \
                + SAP_LIMITS_MIX_(SAP_NEW_SHORTCUTS, 0x2545f491u)                              \
                + SAP_LIMITS_MIX_(SAP_PERSON_EXTRAS, 0x3c6ef373u)))

/* A limit's part of SAP_LIMITS_TAG: its low 32 bits times an odd
 * constant of its own, so that two builds differing in any one limit have
 * different tags (an odd factor is invertible modulo 2^32).  Not API: its
 * name ends in an underscore so that nobody mistakes it for the library's
 * (a macro is expanded where it is used, so it must be visible). */
#define SAP_LIMITS_MIX_(limit, odd) ((uint32_t)(limit) * (uint32_t)(odd))

#endif /* SAPPER_CONFIG_H */
