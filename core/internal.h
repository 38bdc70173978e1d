/*
 * internal.h - what every part of the core shares, never installed: the
 * outside symbols it may use, the build's switches, budgets, bytes eight
 * at a time, constant text, the text and number helpers (text.c; the core
 * has no printf) and the board-row reader with the wording of sizes
 * (rows.c), in that order.
 *
 * Everything else lives with the part that owns it, in these headers,
 * from the bottom up: each builds only on this one and the headers above
 * it (sapper.h is the public header).
 *   geometry.h        neighbours, boxes, the seeded random numbers
 *   game.h            the game's block; what the core reads of a game
 *   casual.h          the casual player's block; its play (casual_play.c)
 *   weight.h          the deduction's numbers
 *   deduce.h          the deduction engine's block, live between moves too
 *   endgame.h         the endgame search: its API, its block
 *   hint.h            HINT and PROB: HINT's block; the session's calls
 *   generate.h        the no-guess generator's block
 *   judge.h           the judge formats' table and calls
 *   protocol.h        the protocol session's requests and reply calls
 */
#ifndef SAPPER_INTERNAL_H
#define SAPPER_INTERNAL_H

#include "sapper.h"

/* The only outside symbols the core may use; a port supplies them. */
void *memcpy(void *dest, const void *src, size_t n);
void *memset(void *dest, int c, size_t n);
void *memmove(void *dest, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);

/* What the core's internal headers declare is the core's own business.
 * Every such name starts with sap_ (the one namespace of libsapper.a) and,
 * with GCC and clang, has hidden visibility: a shared build would export
 * only sapper.h's names, and tests/t_symbols.sh tells the two apart by it.
 * Each internal header wraps its declarations in these two lines. */
#if defined(__GNUC__)
#define SAP_INTERNAL_BEGIN _Pragma("GCC visibility push(hidden)")
#define SAP_INTERNAL_END _Pragma("GCC visibility pop")
#else
#define SAP_INTERNAL_BEGIN
#define SAP_INTERNAL_END
#endif

SAP_INTERNAL_BEGIN

/* ---- the build ---------------------------------------------------------- */

/* Compile-time check without C11: a negative array size fails the build. */
#define SAP_STATIC_ASSERT(name, cond) typedef char sap_static_assert_##name[(cond) ? 1 : -1]

/* The alignment a block holding a struct with pointers and uint32_t needs
 * (8 on 64-bit hosts, 4 on the boards). */
#define SAP_BLOCK_ALIGN (sizeof(void *) > 4u ? sizeof(void *) : (size_t)4u)

/* Builds for size (-Os, as the boards are built) leave out the fast paths
 * that only repeat a general loop for speed (an interior cell's neighbours
 * by offset, decimal digits two at a time): the host's tests run the fast
 * paths, the ports' tests the general ones, against the same bytes. */
#if defined(__OPTIMIZE_SIZE__)
#define SAP_FAST_PATHS 0
#else
#define SAP_FAST_PATHS 1
#endif

/* SAP_RARE: a path taken once a game or on a failure, kept out of line so
 * that the hot function it would be inlined into (a reader's number
 * callback, called for every token) does not set up its stack frame on
 * every call.  Size builds let the compiler inline it where that is
 * smaller. */
#if SAP_FAST_PATHS && defined(__GNUC__)
#define SAP_RARE __attribute__((__noinline__, __cold__))
#else
#define SAP_RARE
#endif

/* SAP_ONCE: a function the image must hold once, never inlined into its
 * callers: the message builders, which a link-time optimizer would
 * otherwise copy (decimal digits and all) into every request that builds
 * an ERR line, a few hundred bytes of flash each on AVR. */
#if defined(__GNUC__)
#define SAP_ONCE __attribute__((__noinline__))
#else
#define SAP_ONCE
#endif

/* ---- budgets ------------------------------------------------------------ */

/* Resumable work (sapper.h section 2): `steps` spent from *budget, which
 * stops at 0. */
static inline void sap_charge(uint32_t *budget, uint32_t steps)
{
    *budget = *budget > steps ? *budget - steps : 0;
}

/* Whether a WORK block of `bytes` is within SAP_MAX_WORK_BYTES (sapper.h
 * section 1); bigger ones are refused without asking the provider. */
static inline bool sap_work_fits(size_t bytes)
{
#if SAP_MAX_WORK_BYTES < SIZE_MAX
    return bytes <= (size_t)SAP_MAX_WORK_BYTES;
#else
    (void)bytes;
    return true;
#endif
}

/* ---- bytes eight at a time ---------------------------------------------- */

/* For the fast paths of the row readers and the Nurikabe passes (hosts; a
 * size build drops these paths and its byte loops do all the work).  Each
 * is exact per byte and arithmetic, so the byte order does not matter. */
#define SAP_EACH_BYTE(b) (0x0101010101010101u * (uint64_t)(b))

static inline uint64_t sap_load_eight(const void *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* For each byte of v, 0x80 where it is not zero ((b & 0x7f) + 0x7f cannot
 * carry into the next byte). */
static inline uint64_t sap_nonzero_bytes(uint64_t v)
{
    return (((v & SAP_EACH_BYTE(0x7f)) + SAP_EACH_BYTE(0x7f)) | v) & SAP_EACH_BYTE(0x80);
}

/* For each byte of v, 0x80 where it is neither a nor b. */
static inline uint64_t sap_bytes_outside(uint64_t v, char a, char b)
{
    return sap_nonzero_bytes(v ^ SAP_EACH_BYTE((unsigned char)a))
           & sap_nonzero_bytes(v ^ SAP_EACH_BYTE((unsigned char)b));
}

/* The sum of v's eight bytes, each at most 1. */
static inline uint32_t sap_byte_sum(uint64_t v)
{
    return (uint32_t)((v * SAP_EACH_BYTE(1)) >> 56);
}

/* ---- constant text ------------------------------------------------------ */

/*
 * Every string constant the core reads at run time (HELP, ERR reasons,
 * reply words, keywords) is "constant text": written SAP_STR("literal")
 * where it is used, or defined once as SAP_TEXT(name, "literal"), and read
 * only through sap_rom_byte / sap_rom_copy or the helpers below that take
 * constant text.  Text built at run time (a judge's reason buffer, a
 * request line, digits) is "RAM text" and goes through the *_ram helpers.
 *
 *   SAP_TEXT_IN_FLASH 0 (every target but AVR): constant text is ordinary
 *     read-only data; the accessors are plain loads and memcpy.
 *   SAP_TEXT_IN_FLASH 1 (AVR): it is placed in program memory
 *     (__progmem__), which plain loads cannot read, so the accessor is the
 *     lpm instruction.  Mixing the two kinds up reads the wrong memory.
 *   SAP_TEXT_CHECK (the sanitized host build, core/core.mk): constant text
 *     is gathered in one section, sap_text, and the accessors trap on any
 *     address outside it, so a test run proves that no RAM text is read as
 *     constant text.  (The other mistake, constant text read with a plain
 *     load, shows on the AVR ports, whose transcripts tests/t_ports.sh
 *     compares with the host's, HELP and the ERR reasons included.)
 */
#if SAP_TEXT_IN_FLASH
#ifndef __AVR__
#error "SAP_TEXT_IN_FLASH is for AVR (lpm) only"
#endif
#define SAP_ROM __attribute__((__progmem__))
static inline char sap_rom_byte(const char *text)
{
    char c;
    __asm__("lpm %0, Z" : "=r"(c) : "z"(text));
    return c;
}
static inline void sap_rom_copy(char *out, const char *text, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        out[i] = sap_rom_byte(text + i);
}
#elif defined(SAP_TEXT_CHECK)
#define SAP_ROM __attribute__((__section__("sap_text")))
/* The linker's bounds of the section. */
extern const char __start_sap_text[];
extern const char __stop_sap_text[];
static inline void sap_rom_check(const char *text, size_t n)
{
    uintptr_t p = (uintptr_t)text;
    if (p < (uintptr_t)__start_sap_text || p > (uintptr_t)__stop_sap_text
        || n > (uintptr_t)__stop_sap_text - p)
        __builtin_trap(); /* RAM text handed to a constant-text reader */
}
static inline char sap_rom_byte(const char *text)
{
    sap_rom_check(text, 1);
    return *text;
}
static inline void sap_rom_copy(char *out, const char *text, size_t n)
{
    sap_rom_check(text, n);
    memcpy(out, text, n);
}
#else
#define SAP_ROM
static inline char sap_rom_byte(const char *text)
{
    return *text;
}
static inline void sap_rom_copy(char *out, const char *text, size_t n)
{
    memcpy(out, text, n);
}
#endif

/* A constant table of structs (pointers and numbers): in program memory
 * on AVR, read an entry at a time into RAM with sap_rom_copy; ordinary
 * read-only data elsewhere (the text check watches text, not tables). */
#if SAP_TEXT_IN_FLASH
#define SAP_ROM_TABLE SAP_ROM
#define sap_rom_table_copy(out, entry, n)                                                      \
    sap_rom_copy((char *)(out), (const char *)(entry), (n))
#else
#define SAP_ROM_TABLE
#define sap_rom_table_copy(out, entry, n) memcpy((out), (entry), (n))
#endif

/* SAP_TEXT(name, "literal"): a named piece of constant text at file scope.
 * SAP_STR("literal"): an unnamed one inside an expression (a GNU statement
 * expression where the text needs a placement of its own). */
#define SAP_TEXT(name, literal) static const char name[] SAP_ROM = literal
#if SAP_TEXT_IN_FLASH || defined(SAP_TEXT_CHECK)
#define SAP_STR(literal)                                                                       \
    (__extension__({                                                                           \
        static const char sap_str_[] SAP_ROM = literal;                                        \
        &sap_str_[0];                                                                          \
    }))
#else
#define SAP_STR(literal) (literal)
#endif

/* ---- text and numbers (text.c) ------------------------------------------ */

/* Longest decimal form of a uint32_t. */
#define SAP_DEC_MAX 10

#if SAP_FAST_PATHS
/* "00" "01" ... "99": two digits a lookup (text.c). */
extern const char sap_digit_pairs[201] SAP_ROM;
#endif

/* Writes v in decimal into buf (at least SAP_DEC_MAX bytes); returns the
 * length.  No terminating NUL.  Inline, with the short numbers first,
 * because replies call it for every coordinate they print; a size build
 * has it once (text.c), not a copy in every file that prints a number (on
 * AVR, about 300 bytes of flash each). */
#if SAP_FAST_PATHS
#define SAP_DEC_BODY static inline size_t sap_dec(char *buf, uint32_t v)
#else
size_t sap_dec(char *buf, uint32_t v);
#define SAP_DEC_BODY size_t sap_dec(char *buf, uint32_t v)
#endif
#if SAP_FAST_PATHS || defined(SAP_DEC_HERE)
SAP_DEC_BODY
{
    size_t n, i;
    uint32_t bound;

    if (v < 10u) {
        buf[0] = (char)('0' + v);
        return 1;
    }
#if SAP_FAST_PATHS
    if (v < 100u) {
        buf[0] = sap_rom_byte(&sap_digit_pairs[2u * v]);
        buf[1] = sap_rom_byte(&sap_digit_pairs[2u * v + 1u]);
        return 2;
    }
    if (v < 1000u) {
        uint32_t hundreds = v / 100u, rest = v - hundreds * 100u;
        buf[0] = (char)('0' + hundreds);
        buf[1] = sap_rom_byte(&sap_digit_pairs[2u * rest]);
        buf[2] = sap_rom_byte(&sap_digit_pairs[2u * rest + 1u]);
        return 3;
    }
#else
    if (v < 100u) {
        uint32_t tens = v / 10u;
        buf[0] = (char)('0' + tens);
        buf[1] = (char)('0' + (v - tens * 10u));
        return 2;
    }
    if (v < 1000u) {
        uint32_t tens = v / 10u, hundreds = tens / 10u;
        buf[0] = (char)('0' + hundreds);
        buf[1] = (char)('0' + (tens - hundreds * 10u));
        buf[2] = (char)('0' + (v - tens * 10u));
        return 3;
    }
#endif
    for (n = 4, bound = 10000u; n < SAP_DEC_MAX && v >= bound; n++)
        bound *= 10u;
    for (i = n; i > 0; v /= 10u) /* exactly n digits: n is v's digit count */
        buf[--i] = (char)('0' + v % 10u);
    return n;
}
#endif

/* Bounded string builder for messages: appends constant text (sap_text_add)
 * or RAM text (sap_text_add_ram) while room remains and always leaves buf
 * NUL-terminated.  *len is the current length. */
void sap_text_add(char *buf, size_t cap, size_t *len, const char *text);
void sap_text_add_ram(char *buf, size_t cap, size_t *len, const char *s);
void sap_text_add_u32(char *buf, size_t cap, size_t *len, uint32_t v);
/* Appends s[0..n) (RAM text: a word of a request line, any bytes) in
 * single quotes, so that a reply line stays one safe line whatever it
 * holds: a byte outside '!'..'~', a quote and a backslash are written as
 * \xHH, and what does not fit in SAP_QUOTE_MAX characters is left out for
 * "...": at most SAP_QUOTED_MAX bytes in all. */
#define SAP_QUOTE_MAX 32u
#define SAP_QUOTED_MAX (SAP_QUOTE_MAX + 5u)
void sap_text_add_quoted(char *buf, size_t cap, size_t *len, const char *s, size_t n);
/* Appends the constant text `format` with each '#' in it replaced by the
 * next of numbers[] in decimal, and each '%' by the word s[0..n) quoted
 * (sap_text_add_quoted): "unknown request % (HELP lists them)", "rows
 * 1-#, columns 1-#".  numbers and s may be NULL where it has neither. */
void sap_text_add_format(char *buf, size_t cap, size_t *len, const char *format,
                         const uint32_t *numbers, const char *s, size_t n);

/* Copies the part of `piece` (length piece_len) that starts at *offset into
 * out, up to cap bytes; advances *offset; returns bytes copied.  Writers that
 * produce long replies regenerate the current small piece on each call and
 * copy from where the last call stopped, so they progress with any cap.
 * sap_text_copy_piece takes a piece in RAM, sap_text_copy constant text. */
size_t sap_text_copy_piece(char *out, size_t cap, const char *piece, size_t piece_len,
                           uint32_t *offset);
size_t sap_text_copy(char *out, size_t cap, const char *text, size_t text_len,
                     uint32_t *offset);

/* Length of a NUL-terminated constant text, at most SAP_TEXT_LENGTH_MAX
 * (the longest, HELP, is SAP_SESSION_HELP_BYTES). */
#define SAP_TEXT_LENGTH_MAX 65535u
size_t sap_text_length(const char *text);

/* ASCII case-insensitive comparison of s[0..len) (RAM) with the lower-case
 * word (constant text). */
bool sap_text_word_is(const char *s, size_t len, const char *lower_word);

/* Appends one decimal digit to *value; false (value unchanged) on overflow
 * past UINT32_MAX. */
static inline bool sap_push_digit(uint32_t *value, unsigned digit)
{
    if (*value > (UINT32_MAX - digit) / 10u)
        return false;
    *value = *value * 10u + digit;
    return true;
}

/* sap_parse_u32, the one decimal parser, is public (sapper.h section 2). */

/* Checks a board size against this build's limits: SAP_OK, SAP_ERR_ARG for
 * a zero side, SAP_ERR_SIZE past SAP_MAX_ROWS / SAP_MAX_COLS / SAP_MAX_CELLS. */
int sap_text_check_board_size(uint32_t rows, uint32_t cols);

/* ---- board rows and sizes (rows.c) -------------------------------------- */

/* A row alphabet: constant text of two cells, the full one (a mine, a
 * shaded cell) first, then the blank one. */
extern const char sap_rows_game[3] SAP_ROM;     /* "*_" */
extern const char sap_rows_casual[3] SAP_ROM;   /* "M." */
extern const char sap_rows_nurikabe[3] SAP_ROM; /* "#." */

/* 1 for the full cell, 0 for the blank one, -1 for anything else. */
int sap_rows_cell(const char *alphabet, char c);

/* Whether any of cells[0..count) is neither `full` nor `blank`: the check
 * every set_row makes before it changes anything (eight bytes a word on
 * hosts, no early exit, so the loop stays a vector loop). */
static inline bool sap_row_has_other(const char *cells, uint32_t count, char full, char blank)
{
    uint32_t i = 0, words = SAP_FAST_PATHS ? count / 8u * 8u : 0u;
    uint64_t wrong = 0;
    unsigned bad;
    for (; i < words; i += 8)
        wrong |= sap_bytes_outside(sap_load_eight(cells + i), full, blank);
    bad = wrong != 0;
    for (; i < count; i++)
        bad |= cells[i] != full && cells[i] != blank;
    return bad != 0;
}

enum sap_row_mistake {
    SAP_ROW_SHORT, /* fewer cells than the board's width */
    SAP_ROW_LONG,  /* more */
    SAP_ROW_CELL,  /* a byte outside the alphabet */
    SAP_ROW_WORDS  /* a protocol row line that is not one word */
};

/* Appends the one wording of a row mistake: 1-based row, the cells seen
 * (SAP_ROW_SHORT), the board's width, the alphabet and the bad byte. */
void sap_rows_reason(char *buf, size_t cap, size_t *len, enum sap_row_mistake mistake,
                     uint32_t row, uint32_t cells, uint32_t cols, const char *alphabet,
                     char bad);
/* The one wording of a board size the build refuses, with the sides named
 * as the statement (or the request) names them: "r must be at least 1",
 * "r is over this build's limit of 1000 rows", "c is over ... columns",
 * "r*c is over ... cells" (rows.c): why sap_text_check_board_size refuses rows
 * x cols, names being the constant text "<rows>\0<cols>\0<cells>" (e.g.
 * SAP_STR("r\0c\0r*c")). */
void sap_rows_size_reason(char *buf, size_t cap, size_t *len, uint32_t rows, uint32_t cols,
                          const char *names);

SAP_INTERNAL_END

#endif /* SAPPER_INTERNAL_H */
