/*
 * options.c - sapperd's command line: every option, its default, what it
 * accepts, and the message that says so when an argument is wrong.
 *
 * One row of `options` per option: its name, how its value is read,
 * where it goes, its default and its bounds, and the words of its error
 * message.  The messages are made from the rows and from the names of the
 * limits they state, so that a limit changed in one place is stated right
 * in every message.
 *
 * A value is given as "--name value" or "--name=value"; a name is matched
 * whole (no abbreviations); the arguments are taken in order, and the
 * first bad one is the one reported.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sapperd.h"

/* The largest number an option takes: what sap_parse_u32 reads. */
#define NUMBER_MAX UINT32_MAX

/* How an option's value is read, and so what its error message says. */
enum option_kind {
    OPTION_HELP,    /* prints the usage */
    OPTION_VERSION, /* prints the version */
    OPTION_FLAG,    /* no value: sets a bool */
    /* The kinds from here on take a value. */
    OPTION_ADDRESS, /* HOST:PORT, one more each time, up to SAPPERD_LISTEN_MAX */
    OPTION_FORMAT,  /* a judge format's name */
    OPTION_NUMBER,  /* a uint32_t from `least` to NUMBER_MAX */
    OPTION_BYTES,   /* a size_t with an optional suffix (byte_suffixes), at least 1 */
    OPTION_PATH,    /* a directory: a string, not empty */
    OPTION_FSYNC    /* one of fsync_words */
};

struct option_spec {
    const char *name;
    const char *alias; /* another spelling, or NULL */
    enum option_kind kind;
    uint32_t least;     /* NUMBER: the least it takes */
    size_t field;       /* FLAG, NUMBER, BYTES: its place in struct sapperd_options */
    size_t initial;     /* NUMBER, BYTES: its default */
    const char *unit;   /* NUMBER from 0: what it counts ("seconds") */
    const char *zero;   /* NUMBER from 0: what 0 means ("never closes") */
    const char *sample; /* ADDRESS: its form ("HOST:PORT"); BYTES: an example ("64M") */
};

#define FIELD(member) offsetof(struct sapperd_options, member)
/* The rows of a number and of a number of bytes, written out. */
#define NUMBER_ROW(name, member, initial, least, unit, zero)                                   \
    {                                                                                          \
        name, NULL, OPTION_NUMBER, least, FIELD(member), initial, unit, zero, NULL             \
    }
#define BYTES_ROW(name, member, initial, sample)                                               \
    {                                                                                          \
        name, NULL, OPTION_BYTES, 0, FIELD(member), initial, NULL, NULL, sample                \
    }

/* In the order of the usage text.  A default of 0 for --max-per-address
 * and --max-memory-per-address stands for the one options_max_per_address
 * and options_max_memory_per_address work out. */
static const struct option_spec options[] = {
    { .name = "--listen", .kind = OPTION_ADDRESS, .sample = "HOST:PORT" },
    { .name = "--stdin", .kind = OPTION_FLAG, .field = FIELD(stdin_session) },
    { .name = "--judge", .kind = OPTION_FORMAT },
    NUMBER_ROW("--max-clients", max_clients, SAPPERD_DEFAULT_MAX_CLIENTS, 1, NULL, NULL),
    NUMBER_ROW("--max-per-address", max_per_address, 0, 1, NULL, NULL),
    NUMBER_ROW("--idle-timeout", idle_timeout, SAPPERD_DEFAULT_IDLE_TIMEOUT, 0, "seconds",
               "never closes"),
    NUMBER_ROW("--line-timeout", line_timeout, SAPPERD_DEFAULT_LINE_TIMEOUT, 0, "seconds",
               "never closes"),
    NUMBER_ROW("--request-timeout", request_timeout, SAPPERD_DEFAULT_REQUEST_TIMEOUT, 0,
               "seconds", "never closes"),
    BYTES_ROW("--max-memory", max_memory, SAPPERD_DEFAULT_MAX_MEMORY, "64M"),
    BYTES_ROW("--max-memory-per-address", max_memory_per_address, 0, "16M"),
    NUMBER_ROW("--keep-games", keep_games, SAPPERD_DEFAULT_KEEP_GAMES, 0, "seconds",
               "keeps none"),
    NUMBER_ROW("--max-request-work", max_request_work, SAP_SESSION_ALLOWANCE, 0, "steps a cell",
               "no limit"),
    { .name = "--state-dir", .kind = OPTION_PATH, .field = FIELD(state_dir), .sample = "DIR" },
    { .name = "--fsync", .kind = OPTION_FSYNC, .field = FIELD(fsync) },
    BYTES_ROW("--state-max-bytes", state_max_bytes, SAPPERD_DEFAULT_STATE_MAX_BYTES, "64M"),
    { .name = "--help", .alias = "-h", .kind = OPTION_HELP },
    { .name = "--version", .kind = OPTION_VERSION },
};
#define OPTIONS (sizeof options / sizeof options[0])

/* The suffixes of a number of bytes, taken in either case: powers of 1024. */
static const struct byte_suffix {
    const char *letter; /* upper case */
    const char *unit;
    unsigned shift;
} byte_suffixes[] = { { "K", "KiB", 10 }, { "M", "MiB", 20 }, { "G", "GiB", 30 } };
#define BYTE_SUFFIXES (sizeof byte_suffixes / sizeof byte_suffixes[0])

/* --fsync's words, in the order of enum sapperd_fsync. */
static const char *const fsync_words[] = { "everysec", "always", "no" };
#define FSYNC_WORDS (sizeof fsync_words / sizeof fsync_words[0])

/* Room for a list a message names (the judge formats, the suffixes). */
#define LIST_TEXT 64

/* Adds the i-th of n items to the list in text: "a, b or c" with sep ", "
 * and last " or ". */
static void list_add(char *text, size_t size, size_t i, size_t n, const char *item,
                     const char *sep, const char *last)
{
    size_t used = i == 0 ? 0 : strlen(text);

    snprintf(text + used, size - used, "%s%s", i == 0 ? "" : i + 1 == n ? last : sep, item);
}

/* The judge formats, as the core names them. */
static void format_list(char *text, size_t size, const char *sep, const char *last)
{
    int f;

    for (f = 0; f < SAP_FORMAT_COUNT; f++)
        list_add(text, size, (size_t)f, SAP_FORMAT_COUNT, sap_format_name((enum sap_format)f),
                 sep, last);
}

/* "K, M or G" (letters) or "KiB, MiB or GiB". */
static void suffix_list(char *text, size_t size, bool letters)
{
    size_t i;

    for (i = 0; i < BYTE_SUFFIXES; i++)
        list_add(text, size, i, BYTE_SUFFIXES,
                 letters ? byte_suffixes[i].letter : byte_suffixes[i].unit, ", ", " or ");
}

/* bytes as an option takes it, with the largest suffix that divides it:
 * "256M". */
static void bytes_text(char *text, size_t size, size_t bytes)
{
    size_t i = BYTE_SUFFIXES;

    while (i > 0 && (bytes & (((size_t)1 << byte_suffixes[i - 1].shift) - 1)) != 0)
        i--;
    if (i == 0)
        snprintf(text, size, "%zu", bytes);
    else
        snprintf(text, size, "%zu%s", bytes >> byte_suffixes[i - 1].shift,
                 byte_suffixes[i - 1].letter);
}

/* The usage text: prose laid out by hand, with the defaults and limits
 * it states taken from their names. */
static void print_usage(FILE *to)
{
    char formats[LIST_TEXT], memory[LIST_TEXT], state[LIST_TEXT];

    format_list(formats, sizeof formats, "|", "|");
    bytes_text(memory, sizeof memory, SAPPERD_DEFAULT_MAX_MEMORY);
    bytes_text(state, sizeof state, SAPPERD_DEFAULT_STATE_MAX_BYTES);
    fprintf(to,
            "usage: " SAPPERD_NAME " [--listen HOST:PORT]... [--stdin] [--max-clients N]\n"
            "               [--max-per-address N] [--idle-timeout SECONDS]\n"
            "               [--line-timeout SECONDS] [--request-timeout SECONDS]\n"
            "               [--max-memory BYTES] [--max-memory-per-address BYTES]\n"
            "               [--keep-games SECONDS] [--max-request-work STEPS]\n"
            "               [--state-dir DIR] [--fsync always|everysec|no]\n"
            "               [--state-max-bytes BYTES]\n"
            "       " SAPPERD_NAME " --judge %s < input > output\n"
            "\n"
            "Serves sapper's line protocol (send HELP for the requests).\n"
            "\n"
            "  --listen HOST:PORT     accept TCP sessions; HOST is an IPv4 or IPv6 literal\n"
            "                         ([::1]:7878); port 0 picks a free port and logs it;\n"
            "                         may be repeated (default " SAPPERD_DEFAULT_LISTEN
            " when no\n"
            "                         other mode is given)\n"
            "  --stdin                one session on stdin/stdout; without --listen the\n"
            "                         process ends at end of input\n"
            "  --judge FORMAT         read a statement's whole input on stdin, write its\n"
            "                         output on stdout; exit 2 on malformed input\n"
            "  --max-clients N        TCP sessions served at once; past it a newcomer\n"
            "                         whose address holds fewer than another address\n"
            "                         takes the slot of that one's session idle longest\n"
            "                         (it is told, and closed); others get \"ERR busy\",\n"
            "                         unless a session of an address holding as many has\n"
            "                         been silent for a twelfth of --idle-timeout\n"
            "                         (default %u)\n"
            "  --max-per-address N    TCP sessions one client address holds at once (an\n"
            "                         IPv6 address's /64 counts as one); more get \"ERR\n"
            "                         busy: ...\" (default %u, or a quarter of\n"
            "                         --max-clients when that is less, at least 1)\n"
            "  --idle-timeout SECONDS close a TCP session silent that long, after telling\n"
            "                         it \"ERR idle for SECONDS s; closing\"; 0 never\n"
            "                         (default %u: an hour to think over a board)\n"
            "  --line-timeout SECONDS close a TCP session whose line has been arriving\n"
            "                         that long since its first byte, with an ERR;\n"
            "                         0 never (default %u)\n"
            "  --request-timeout SECONDS\n"
            "                         close a TCP session whose request of several lines\n"
            "                         (a board's rows, a JUDGE stream) is not whole after\n"
            "                         that long waiting for them, plus a second for each\n"
            "                         %u KiB they brought, with an ERR; 0 never\n"
            "                         (default %u)\n"
            "  --max-memory BYTES     board memory of all sessions together (suffix K, M\n"
            "                         or G); a request past it gets an ERR (default %s)\n"
            "  --max-memory-per-address BYTES\n"
            "                         board memory the sessions and kept games of one\n"
            "                         client address hold together (default a fifth of\n"
            "                         --max-memory)\n"
            "  --keep-games SECONDS   keep a game with a move whose connection dropped\n"
            "                         that long for RESUME <token> (VIEW shows the\n"
            "                         token); 0 keeps none (default %u)\n"
            "  --max-request-work STEPS\n"
            "                         work one request may do, in steps a cell of its\n"
            "                         board (a board counts as at least %u cells);\n"
            "                         past it the request gets \"ERR gave up ...\" and\n"
            "                         changes nothing; 0 no limit (default %u, about 5 s\n"
            "                         of a core for a small board)\n",
            formats, SAPPERD_DEFAULT_MAX_CLIENTS, SAPPERD_DEFAULT_MAX_PER_ADDRESS,
            SAPPERD_DEFAULT_IDLE_TIMEOUT, SAPPERD_DEFAULT_LINE_TIMEOUT,
            SAPPERD_REQUEST_RATE / 1024u, SAPPERD_DEFAULT_REQUEST_TIMEOUT, memory,
            SAPPERD_DEFAULT_KEEP_GAMES, SAP_ALLOWANCE_MIN_CELLS, SAP_SESSION_ALLOWANCE);
    fprintf(to,
            "  --state-dir DIR        keep the games in play and kept for RESUME in\n"
            "                         DIR/games.journal (DIR made if missing), so that\n"
            "                         they outlive a crash or a restart: each move is\n"
            "                         written there before its reply (default: none)\n"
            "  --fsync always|everysec|no\n"
            "                         when the journal is synced to the disk: before each\n"
            "                         reply, once a second, or when the kernel will; what\n"
            "                         a crash of the machine may lose (default everysec)\n"
            "  --state-max-bytes BYTES\n"
            "                         the live games' records together; past it the\n"
            "                         largest gives way (default %s)\n"
            "  --help                 this text\n"
            "  --version              the version\n",
            state);
}

/* One line on stderr naming the problem; the status of a usage error. */
static int usage_error(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static int usage_error(const char *format, ...)
{
    va_list args;

    fprintf(stderr, SAPPERD_NAME ": ");
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, " (try --help)\n");
    return SAPPERD_EXIT_USAGE;
}

/* BYTES with an optional suffix of byte_suffixes, at least 1. */
static bool parse_bytes(const char *text, size_t *bytes)
{
    size_t length = 0, multiplier = 1, i;
    uint32_t value;

    while (text[length] >= '0' && text[length] <= '9')
        length++;
    if (text[length] != '\0') {
        for (i = 0; i < BYTE_SUFFIXES; i++) {
            char upper = byte_suffixes[i].letter[0];
            if (text[length] == upper || text[length] == upper - 'A' + 'a')
                break;
        }
        if (i == BYTE_SUFFIXES || text[length + 1] != '\0')
            return false;
        multiplier = (size_t)1 << byte_suffixes[i].shift;
    }
    if (sap_parse_u32(text, length, &value) != SAP_OK || value == 0
        || value > SIZE_MAX / multiplier)
        return false;
    *bytes = (size_t)value * multiplier;
    return true;
}

/* The row argv[*index] names, or NULL.  Its value, for a kind that takes
 * one, is the rest of "--name=value", or the next argument (*index moves
 * past it), or NULL when none follows. */
static const struct option_spec *find_option(int argc, char **argv, int *index,
                                             const char **value)
{
    const char *arg = argv[*index];
    size_t i;

    *value = NULL;
    for (i = 0; i < OPTIONS; i++) {
        const struct option_spec *spec = &options[i];
        size_t length = strlen(spec->name);

        if (spec->kind < OPTION_ADDRESS) {
            if (strcmp(arg, spec->name) == 0
                || (spec->alias != NULL && strcmp(arg, spec->alias) == 0))
                return spec;
            continue;
        }
        if (strncmp(arg, spec->name, length) != 0)
            continue;
        if (arg[length] == '=') {
            *value = arg + length + 1;
            return spec;
        }
        if (arg[length] != '\0')
            continue;
        if (*index + 1 < argc)
            *value = argv[++*index];
        return spec;
    }
    return NULL;
}

/* One option and its value into o: SAPPERD_RUN to go on, or how the
 * parse ends (the usage or the version printed, or an error reported). */
static enum sapperd_parse take(struct sapperd_options *o, const struct option_spec *spec,
                               const char *value)
{
    char list[LIST_TEXT], units[LIST_TEXT];
    void *field = (char *)o + spec->field;
    size_t k;

    switch (spec->kind) {
    case OPTION_HELP:
        print_usage(stdout);
        return SAPPERD_EXIT_OK;
    case OPTION_VERSION:
        printf(SAPPERD_NAME " " SAP_VERSION_STRING "\n");
        return SAPPERD_EXIT_OK;
    case OPTION_FLAG:
        *(bool *)field = true;
        return SAPPERD_RUN;
    case OPTION_ADDRESS:
        if (value == NULL)
            return usage_error("%s needs %s", spec->name, spec->sample);
        if (o->listen_count == SAPPERD_LISTEN_MAX)
            return usage_error("at most %u %s addresses", (unsigned)SAPPERD_LISTEN_MAX,
                               spec->name);
        if (!server_address_valid(value))
            return usage_error("bad %s address '%s': expected IPV4:PORT or [IPV6]:PORT with "
                               "a port from 0 to %u",
                               spec->name, value, (unsigned)SAPPERD_PORT_MAX);
        o->listen[o->listen_count++] = value;
        return SAPPERD_RUN;
    case OPTION_FORMAT:
        format_list(list, sizeof list, ", ", " or ");
        if (value == NULL)
            return usage_error("%s needs a format: %s", spec->name, list);
        o->judge_format = sap_format_from_name(value, strlen(value));
        if (o->judge_format < 0)
            return usage_error("unknown judge format '%s': expected %s", value, list);
        return SAPPERD_RUN;
    case OPTION_NUMBER:
        if (value != NULL && sap_parse_u32(value, strlen(value), field) == SAP_OK
            && *(uint32_t *)field >= spec->least)
            return SAPPERD_RUN;
        if (spec->least > 0)
            return usage_error("%s needs a number from %lu to %lu", spec->name,
                               (unsigned long)spec->least, (unsigned long)NUMBER_MAX);
        return usage_error("%s needs a number of %s (0 %s)", spec->name, spec->unit,
                           spec->zero);
    case OPTION_PATH:
        if (value == NULL || value[0] == '\0')
            return usage_error("%s needs a directory", spec->name);
        *(const char **)field = value;
        return SAPPERD_RUN;
    case OPTION_FSYNC:
        for (k = 0; value != NULL && k < FSYNC_WORDS; k++) {
            if (strcmp(value, fsync_words[k]) == 0) {
                *(int *)field = (int)k;
                return SAPPERD_RUN;
            }
        }
        return usage_error("%s needs always, everysec or no", spec->name);
    case OPTION_BYTES:
        if (value != NULL && parse_bytes(value, field))
            return SAPPERD_RUN;
        suffix_list(list, sizeof list, true);
        suffix_list(units, sizeof units, false);
        return usage_error("%s needs a number of bytes, with %s for %s (e.g. %s)", spec->name,
                           list, units, spec->sample);
    }
    return SAPPERD_RUN;
}

enum sapperd_parse options_parse(struct sapperd_options *o, int argc, char **argv)
{
    const struct option_spec *spec;
    const char *value;
    enum sapperd_parse r;
    size_t k;
    int i;

    memset(o, 0, sizeof *o);
    o->judge_format = -1;
    for (k = 0; k < OPTIONS; k++) {
        void *field = (char *)o + options[k].field;
        if (options[k].kind == OPTION_NUMBER)
            *(uint32_t *)field = (uint32_t)options[k].initial;
        else if (options[k].kind == OPTION_BYTES)
            *(size_t *)field = options[k].initial;
    }

    for (i = 1; i < argc; i++) {
        spec = find_option(argc, argv, &i, &value);
        if (spec == NULL && argv[i][0] == '-')
            return usage_error("unknown option '%s'", argv[i]);
        if (spec == NULL)
            return usage_error("unexpected argument '%s'", argv[i]);
        r = take(o, spec, value);
        if (r != SAPPERD_RUN)
            return r;
    }

    if (o->judge_format >= 0 && o->listen_count > 0)
        return usage_error("--judge reads stdin alone; it cannot be combined with --listen");
    if (o->judge_format < 0 && !o->stdin_session && o->listen_count == 0)
        o->listen[o->listen_count++] = SAPPERD_DEFAULT_LISTEN;
    return SAPPERD_RUN;
}

uint32_t options_max_per_address(const struct sapperd_options *o)
{
    uint32_t share = o->max_clients / SAPPERD_ADDRESS_CLIENTS_SHARE;

    if (o->max_per_address != 0)
        return o->max_per_address;
    if (share < SAPPERD_DEFAULT_MAX_PER_ADDRESS)
        return share > 0 ? share : 1u;
    return SAPPERD_DEFAULT_MAX_PER_ADDRESS;
}

size_t options_max_memory_per_address(const struct sapperd_options *o)
{
    if (o->max_memory_per_address != 0)
        return o->max_memory_per_address < o->max_memory ? o->max_memory_per_address
                                                         : o->max_memory;
    return o->max_memory / SAPPERD_ADDRESS_SHARE;
}
