/*
 * options.c - sapperd's command line: every option, its default, what it
 * accepts, and the message that says so when an argument is wrong.
 */
#include <stdio.h>
#include <string.h>

#include "sapperd.h"

static void print_usage(FILE *to)
{
    fprintf(
        to,
        "usage: " SAPPERD_NAME " [--listen HOST:PORT]... [--stdin] [--max-clients N]\n"
        "               [--max-per-address N] [--idle-timeout SECONDS]\n"
        "               [--line-timeout SECONDS] [--request-timeout SECONDS]\n"
        "               [--max-memory BYTES] [--max-memory-per-address BYTES]\n"
        "               [--keep-games SECONDS] [--max-request-work STEPS]\n"
        "       " SAPPERD_NAME " --judge boom|casual|master|nurikabe < input > output\n"
        "\n"
        "Serves sapper's line protocol (send HELP for the requests).\n"
        "\n"
        "  --listen HOST:PORT     accept TCP sessions; HOST is an IPv4 or IPv6 literal\n"
        "                         ([::1]:7878); port 0 picks a free port and logs it;\n"
        "                         may be repeated (default " SAPPERD_DEFAULT_LISTEN " when no\n"
        "                         other mode is given)\n"
        "  --stdin                one session on stdin/stdout; without --listen the\n"
        "                         process ends at end of input\n"
        "  --judge FORMAT         read a statement's whole input on stdin, write its\n"
        "                         output on stdout; exit 2 on malformed input\n"
        "  --max-clients N        TCP sessions served at once; more get \"ERR busy\",\n"
        "                         unless a session has been silent for a twelfth of\n"
        "                         --idle-timeout: it is told, and closed to make room\n"
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
        "                         64 KiB they brought, with an ERR; 0 never\n"
        "                         (default %u)\n"
        "  --max-memory BYTES     board memory of all sessions together (suffix K, M\n"
        "                         or G); a request past it gets an ERR (default " SAPPERD_DEFAULT_MAX_MEMORY_TEXT
        ")\n"
        "  --max-memory-per-address BYTES\n"
        "                         board memory the sessions and kept games of one\n"
        "                         client address hold together (default a fifth of\n"
        "                         --max-memory)\n"
        "  --keep-games SECONDS   keep a game whose connection dropped that long for\n"
        "                         RESUME <token> (VIEW shows the token); 0 keeps\n"
        "                         none (default %u)\n"
        "  --max-request-work STEPS\n"
        "                         work one request may do, in steps a cell of its\n"
        "                         board (a board counts as at least 65536 cells);\n"
        "                         past it the request gets \"ERR gave up ...\" and\n"
        "                         changes nothing; 0 no limit (default %u, about 5 s\n"
        "                         of a core for a small board)\n"
        "  --help                 this text\n"
        "  --version              the version\n",
        SAPPERD_DEFAULT_MAX_CLIENTS, SAPPERD_DEFAULT_MAX_PER_ADDRESS,
        SAPPERD_DEFAULT_IDLE_TIMEOUT, SAPPERD_DEFAULT_LINE_TIMEOUT,
        SAPPERD_DEFAULT_REQUEST_TIMEOUT, SAPPERD_DEFAULT_KEEP_GAMES, SAP_SESSION_ALLOWANCE);
}

static int usage_error(const char *format, const char *detail)
{
    fprintf(stderr, SAPPERD_NAME ": ");
    fprintf(stderr, format, detail);
    fprintf(stderr, " (try --help)\n");
    return SAPPERD_EXIT_USAGE;
}

/* "--name=value" or "--name value": the value, advancing *index past it;
 * NULL when the option is not `name`.  *missing is set when it is `name`
 * but no value follows. */
static const char *option_value(const char *name, int argc, char **argv, int *index,
                                bool *matched)
{
    const char *arg = argv[*index];
    size_t name_len = strlen(name);

    *matched = false;
    if (strncmp(arg, name, name_len) != 0)
        return NULL;
    if (arg[name_len] == '=') {
        *matched = true;
        return arg + name_len + 1;
    }
    if (arg[name_len] != '\0')
        return NULL;
    *matched = true;
    if (*index + 1 >= argc)
        return NULL;
    (*index)++;
    return argv[*index];
}

/* BYTES with an optional K, M or G suffix (powers of 1024), at least 1. */
static bool parse_bytes(const char *text, size_t *bytes)
{
    size_t length = 0, multiplier = 1;
    uint32_t value;

    while (text[length] >= '0' && text[length] <= '9')
        length++;
    switch (text[length]) {
    case '\0':
        break;
    case 'k':
    case 'K':
        multiplier = (size_t)1 << 10;
        break;
    case 'm':
    case 'M':
        multiplier = (size_t)1 << 20;
        break;
    case 'g':
    case 'G':
        multiplier = (size_t)1 << 30;
        break;
    default:
        return false;
    }
    if (multiplier != 1 && text[length + 1] != '\0')
        return false;
    if (sap_parse_u32(text, length, &value) != SAP_OK || value == 0
        || value > SIZE_MAX / multiplier)
        return false;
    *bytes = (size_t)value * multiplier;
    return true;
}

static bool parse_count(const char *text, uint32_t *value)
{
    return sap_parse_u32(text, strlen(text), value) == SAP_OK;
}

enum sapperd_parse options_parse(struct sapperd_options *o, int argc, char **argv)
{
    int i;

    memset(o, 0, sizeof *o);
    o->judge_format = -1;
    o->max_clients = SAPPERD_DEFAULT_MAX_CLIENTS;
    o->idle_timeout = SAPPERD_DEFAULT_IDLE_TIMEOUT;
    o->line_timeout = SAPPERD_DEFAULT_LINE_TIMEOUT;
    o->request_timeout = SAPPERD_DEFAULT_REQUEST_TIMEOUT;
    o->keep_games = SAPPERD_DEFAULT_KEEP_GAMES;
    o->max_request_work = SAP_SESSION_ALLOWANCE;
    o->max_memory = SAPPERD_DEFAULT_MAX_MEMORY;

    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *value;
        bool matched;

        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            print_usage(stdout);
            return SAPPERD_EXIT_OK;
        }
        if (strcmp(arg, "--version") == 0) {
            printf(SAPPERD_NAME " " SAP_VERSION_STRING "\n");
            return SAPPERD_EXIT_OK;
        }
        if (strcmp(arg, "--stdin") == 0) {
            o->stdin_session = true;
            continue;
        }
        value = option_value("--listen", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL)
                return usage_error("%s needs HOST:PORT", "--listen");
            if (o->listen_count == SAPPERD_LISTEN_MAX)
                return usage_error("at most 8 --listen addresses%s", "");
            if (!sapperd_address_valid(value))
                return usage_error(
                    "bad --listen address '%s': expected IPV4:PORT or [IPV6]:PORT "
                    "with a port from 0 to 65535",
                    value);
            o->listen[o->listen_count++] = value;
            continue;
        }
        value = option_value("--judge", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL)
                return usage_error("%s needs a format: boom, casual, master or nurikabe",
                                   "--judge");
            o->judge_format = sap_format_from_name(value, strlen(value));
            if (o->judge_format < 0)
                return usage_error("unknown judge format '%s': expected boom, casual, "
                                   "master or nurikabe",
                                   value);
            continue;
        }
        value = option_value("--max-clients", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL || !parse_count(value, &o->max_clients) || o->max_clients == 0)
                return usage_error("%s needs a number from 1 to 4294967295", "--max-clients");
            continue;
        }
        value = option_value("--max-per-address", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL || !parse_count(value, &o->max_per_address)
                || o->max_per_address == 0)
                return usage_error("%s needs a number from 1 to 4294967295",
                                   "--max-per-address");
            continue;
        }
        value = option_value("--line-timeout", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL || !parse_count(value, &o->line_timeout))
                return usage_error("%s needs a number of seconds (0 never closes)",
                                   "--line-timeout");
            continue;
        }
        value = option_value("--request-timeout", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL || !parse_count(value, &o->request_timeout))
                return usage_error("%s needs a number of seconds (0 never closes)",
                                   "--request-timeout");
            continue;
        }
        value = option_value("--keep-games", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL || !parse_count(value, &o->keep_games))
                return usage_error("%s needs a number of seconds (0 keeps none)",
                                   "--keep-games");
            continue;
        }
        value = option_value("--max-memory-per-address", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL || !parse_bytes(value, &o->max_memory_per_address))
                return usage_error("%s needs a number of bytes, with K, M or G for "
                                   "KiB, MiB or GiB (e.g. 16M)",
                                   "--max-memory-per-address");
            continue;
        }
        value = option_value("--max-request-work", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL || !parse_count(value, &o->max_request_work))
                return usage_error("%s needs a number of steps a cell (0 no limit)",
                                   "--max-request-work");
            continue;
        }
        value = option_value("--idle-timeout", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL || !parse_count(value, &o->idle_timeout))
                return usage_error("%s needs a number of seconds (0 never closes)",
                                   "--idle-timeout");
            continue;
        }
        value = option_value("--max-memory", argc, argv, &i, &matched);
        if (matched) {
            if (value == NULL || !parse_bytes(value, &o->max_memory))
                return usage_error("%s needs a number of bytes, with K, M or G for "
                                   "KiB, MiB or GiB (e.g. 64M)",
                                   "--max-memory");
            continue;
        }
        if (arg[0] == '-')
            return usage_error("unknown option '%s'", arg);
        return usage_error("unexpected argument '%s'", arg);
    }

    if (o->judge_format >= 0 && o->listen_count > 0)
        return usage_error("%s reads stdin alone; it cannot be combined with --listen",
                           "--judge");
    if (o->judge_format < 0 && !o->stdin_session && o->listen_count == 0)
        o->listen[o->listen_count++] = SAPPERD_DEFAULT_LISTEN;
    return SAPPERD_RUN;
}

uint32_t options_max_per_address(const struct sapperd_options *o)
{
    uint32_t quarter = o->max_clients / 4u;

    if (o->max_per_address != 0)
        return o->max_per_address;
    if (quarter < SAPPERD_DEFAULT_MAX_PER_ADDRESS)
        return quarter > 0 ? quarter : 1u;
    return SAPPERD_DEFAULT_MAX_PER_ADDRESS;
}

size_t options_max_memory_per_address(const struct sapperd_options *o)
{
    if (o->max_memory_per_address != 0)
        return o->max_memory_per_address < o->max_memory ? o->max_memory_per_address
                                                         : o->max_memory;
    return o->max_memory / SAPPERD_ADDRESS_SHARE;
}
