/*
 * test_session_table.c - the request table (core/requests.c) against what
 * the session assumes of it, and HELP against the table: every request the
 * build serves has its HELP line, and every word HELP names is a request;
 * HELP is the served rows' texts in the table's order, then END, so a
 * build that leaves a solver out lists none of its requests.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"
#include "protocol.h"

/* Whether `help` has a line that starts with `word` (any case) followed by
 * a space, a colon or a comma. */
static bool help_has_line(const char *help, const char *word)
{
    size_t n = strlen(word);
    const char *line = help;
    while (*line != '\0') {
        size_t i = 0;
        while (i < n && toupper((unsigned char)line[i]) == toupper((unsigned char)word[i]))
            i++;
        if (i == n && (line[n] == ' ' || line[n] == ':' || line[n] == ','))
            return true;
        line = strchr(line, '\n');
        if (line == NULL)
            break;
        line++;
    }
    return false;
}

/* The pointers the session follows are there whenever it follows them. */
static void test_rows_are_whole(void)
{
    uint32_t i, j;
    for (i = 0; i < REQUEST_KINDS; i++) {
        const struct sap_request *k = sap_requests[i];
        bool served = (k->solver & ~SAP_SOLVERS) == 0;
        if (!CHECK(k->word != NULL && (!served || k->usage != NULL))) {
            fprintf(stderr, "    row %u has no keyword or usage\n", (unsigned)i);
            continue;
        }
        /* a served row has its HELP lines, whole lines; one left out none */
        if (!CHECK((k->help != NULL) == served))
            fprintf(stderr, "    row %u (%s): HELP text %s\n", (unsigned)i, k->word,
                    served ? "missing" : "of a request the build leaves out");
        if (k->help != NULL) {
            size_t n = strlen(k->help);
            CHECK(n > 0 && k->help[n - 1] == '\n');
            CHECK(help_has_line(k->help, k->word));
        }
        for (j = 0; k->word[j] != '\0'; j++)
            CHECK(!isupper((unsigned char)k->word[j])); /* sap_text_word_is wants lower case */
        for (j = 0; j < i; j++)
            CHECK(strcmp(sap_requests[j]->word, k->word) != 0);
        CHECK(k->args_min <= k->args_max && k->args_max < TOKENS_MAX);
        /* a board size is its first two numbers; a preset word stands for three */
        CHECK(!(k->flags & ARGS_BOARD)
              || ((k->flags & ARGS_NUMBERS) && (k->args_min >= 2 || k->preset != NULL)));
        CHECK(!(k->flags & ARGS_LEVEL) || k->args_max == 5);
        CHECK(k->preset == NULL || (k->flags & ARGS_BOARD));
        if (!served)
            continue;
        CHECK(k->take != NULL);
        /* a request with rows checks them against its alphabet, and its
         * work runs once they are read */
        CHECK(((k->flags & ROWS_MASK) != 0) == (k->row != NULL));
        CHECK(k->row == NULL || k->work != NULL);
        /* lines read whole come first; a request with no rows after them
         * (ANALYZE) works once they are read */
        CHECK(k->number_line == NULL || k->row != NULL || k->work != NULL);
    }
}

static void test_help_lists_every_request(void)
{
    char *help = session_talk("HELP\n");
    char table[4096];
    size_t length = 0;
    uint32_t i;
    CHECK_EQ_INT(strlen(help), SAP_SESSION_HELP_BYTES);
    for (i = 0; i < REQUEST_KINDS; i++) {
        const char *text = sap_requests[i]->help;
        if (text != NULL && length + strlen(text) < sizeof table) {
            memcpy(table + length, text, strlen(text));
            length += strlen(text);
        }
    }
    memcpy(table + length, "END\n", 5);
    CHECK_EQ_STR(help, table);
    for (i = 0; i < REQUEST_KINDS; i++) {
        bool served = (sap_requests[i]->solver & ~SAP_SOLVERS) == 0;
        if (!CHECK(help_has_line(help, sap_requests[i]->word) == served))
            fprintf(stderr, "    HELP %s a line for %s\n", served ? "has no" : "has",
                    sap_requests[i]->word);
    }
    /* the levels are the deduction engine's; the presets NEW's shortcuts */
    CHECK((strstr(help, "\nNEW ... CASUAL|NOGUESS (last):") != NULL)
          == ((SAP_SOLVERS & SAP_SOLVER_DEDUCE) != 0));
    CHECK((strstr(help, "\nNEW BEGINNER|INTERMEDIATE|EXPERT [<seed>]:") != NULL)
          == (SAP_NEW_SHORTCUTS != 0));
    free(help);
}

/* The first word of every HELP line (but the closing END) is a request. */
static void test_help_names_only_requests(void)
{
    char *help = session_talk("HELP\n");
    const char *line = help;
    size_t lines = 0;
    while (*line != '\0' && strncmp(line, "END\n", 4) != 0) {
        char request[32], *reply;
        size_t n = strcspn(line, " :,\n");
        CHECK(n > 0 && n < sizeof request - 1);
        if (n >= sizeof request - 1)
            break;
        memcpy(request, line, n);
        request[n] = '\n';
        request[n + 1] = '\0';
        reply = session_talk(request);
        if (!CHECK(strncmp(reply, "ERR unknown request", 19) != 0))
            fprintf(stderr, "    HELP names %.*s, which is no request\n", (int)n, line);
        free(reply);
        lines++;
        line = strchr(line, '\n') + 1;
    }
    CHECK_EQ_INT(lines + 1, SAP_SESSION_HELP_LINES);
    free(help);
}

int main(void)
{
    RUN_TEST(test_rows_are_whole);
    RUN_TEST(test_help_lists_every_request);
    RUN_TEST(test_help_names_only_requests);
    return check_summary("test_session_table");
}
