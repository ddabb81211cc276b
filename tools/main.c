/* main.c — the gpuprim command: its commands, `gpuprim help [COMMAND]`, and the dispatch. Each command
 * parses its own options from its table (cli.h, opts.c). */
#include "cli.h"
#include "driver.h"
#include <string.h>

static const gpt_command *const commands[] = {
    &gpt_cmd_list,      &gpt_cmd_verify,    &gpt_cmd_bench,  &gpt_cmd_occupancy, &gpt_cmd_banks,
    &gpt_cmd_coalesce,  &gpt_cmd_amdahl,    &gpt_cmd_gustafson, &gpt_cmd_explain, &gpt_cmd_judge, &gpt_cmd_help,
};
static const int command_count = (int)(sizeof commands / sizeof commands[0]);

const gpt_command *gpt_find_command(const char *name)
{
    for (int i = 0; i < command_count; i++)
        if (!strcmp(commands[i]->name, name)) return commands[i];
    return NULL;
}

static void general_help(FILE *f)
{
    fprintf(f, "usage: gpuprim COMMAND [ARGS]   ('gpuprim help COMMAND' or 'gpuprim COMMAND --help': its options)\n\n"
               "commands:\n");
    for (int i = 0; i < command_count; i++) fprintf(f, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(f, "\nsizes accept 1000, 2^28, 64M, 1G; PRIM is one of:");
    for (int i = 0; i < gpt_prim_count; i++) fprintf(f, " %s", gpt_prims[i]->name);
    fprintf(f, "\nverify, bench, explain and judge (to run the code) need an NVIDIA GPU; the others run anywhere.\n\n%s", GPT_EXIT_CODES_HELP);
}

static int unknown_command(const char *name)
{
    fprintf(stderr, "gpuprim: unknown command '%s'; commands:", name);
    for (int i = 0; i < command_count; i++) fprintf(stderr, " %s", commands[i]->name);
    fprintf(stderr, " (see 'gpuprim help')\n");
    return GPT_EXIT_USAGE;
}

static const gpt_option help_options[] = {GPT_END};

static int run_help(int argc, char **argv)
{
    const char *words[1];
    int nw, rc, unused;
    const gpt_command *cmd;
    if ((rc = gpt_parse(&gpt_cmd_help, argc, argv, &unused, words, &nw))) return rc == GPT_PARSE_HELP ? GPT_EXIT_OK : rc;
    if (nw == 0) {
        general_help(stdout);
        return GPT_EXIT_OK;
    }
    if (!(cmd = gpt_find_command(words[0]))) return unknown_command(words[0]);
    gpt_print_help(cmd, stdout);
    return GPT_EXIT_OK;
}

const gpt_command gpt_cmd_help = {"help", "[COMMAND]", "this text, or a command's usage and options",
                                  help_options, 1, NULL, NULL, "exit codes: 0 success, 2 usage error\n", run_help};

int main(int argc, char **argv)
{
    const gpt_command *cmd;
    if (argc < 2) {
        general_help(stderr);
        return GPT_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        general_help(stdout);
        return GPT_EXIT_OK;
    }
    if (!(cmd = gpt_find_command(argv[1]))) return unknown_command(argv[1]);
    return cmd->run(argc - 2, argv + 2);
}
