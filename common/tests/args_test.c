/*
 * The drivers' argument parser (args.c): each kind of value read into its variable, a
 * later option over an earlier one, an included table, and every way a command line
 * is refused (a missing value, an unknown option, a bad number, a value not among the
 * choices, a custom value refused) with its message; --help; and the usage listing
 * every option.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"

/* the variables of the test table, reset before each parse */
struct vars {
	int i, flag, choice, odd, i_given;
	long l;
	unsigned long long u;
	float f;
	double d;
	const char *s;
};

/* ARG_CUSTOM: an odd whole number */
static int read_odd(const struct arg_spec *spec, const char *value)
{
	char *end;
	long x = strtol(value, &end, 10);

	if (end == value || *end || x % 2 == 0)
		return -1;
	*(int *)spec->dest = (int)x;
	return 0;
}

static struct vars v;
static struct arg_spec sub[] = {
    OPT_CUSTOM("--odd", &v.odd, "K", "an odd number", read_odd, "an odd number (default 1)"),
    OPT_END};
static struct arg_spec specs[] = {{.name = "-i",
				   .kind = ARG_INT,
				   .dest = &v.i,
				   .metavar = "N",
				   .help = "an int (default 7)",
				   .given = &v.i_given},
				  OPT_LONG("--long", &v.l, "L", "a long"),
				  OPT_ULLONG("--seed", &v.u, "S", "a seed"),
				  OPT_FLOAT("--float", &v.f, "X", "a float"),
				  OPT_DOUBLE("--double", &v.d, "X", "a double,\nover two lines"),
				  OPT_STRING("--name", &v.s, "NAME", "a string"),
				  OPT_FLAG("--flag", &v.flag, "a flag"),
				  OPT_CHOICE("--pick", &v.choice, "red|green|blue", "one of three"),
				  OPT_TABLE("extra options", sub, "extra options:"),
				  OPT_END};

/* parses the arguments after the program's name, on fresh variables */
static enum args_result parse(int argc, const char **args)
{
	char *argv[32] = {"driver"};

	cr_assert(argc < 32, "too many arguments for the test");
	for (int k = 0; k < argc; k++)
		argv[k + 1] = (char *)args[k];
	v = (struct vars){.i = 7, .odd = 1, .s = "default"};
	return args_parse(argc + 1, argv, specs);
}

#define PARSE(...)                                                                                 \
	parse(sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *),                        \
	      (const char *[]){__VA_ARGS__})

Test(args, no_arguments_keep_the_defaults)
{
	cr_assert(parse(0, NULL) == ARGS_OK, "an empty command line must parse");
	cr_assert(v.i == 7 && v.odd == 1 && !strcmp(v.s, "default") && !v.flag && !v.i_given,
		  "defaults changed: i %d odd %d s '%s' flag %d given %d", v.i, v.odd, v.s, v.flag,
		  v.i_given);
}

Test(args, each_kind_is_read)
{
	enum args_result rc = PARSE("-i", "-42", "--long", "9000000000", "--seed", "0x1f",
				    "--float", "0.1", "--double", "-2.5e-3", "--name", "-dash",
				    "--flag", "--pick", "blue", "--odd", "5");

	cr_assert(rc == ARGS_OK, "expected ARGS_OK, got %d", rc);
	cr_assert(v.i == -42 && v.i_given, "-i: expected -42 (given), got %d (%d)", v.i, v.i_given);
	cr_assert(v.l == 9000000000L, "--long: expected 9000000000, got %ld", v.l);
	cr_assert(v.u == 0x1f, "--seed 0x1f: expected 31, got %llu", v.u);
	/* rounded once, as (float)atof would */
	cr_assert(v.f == (float)0.1, "--float: expected %.9g, got %.9g", (float)0.1, v.f);
	cr_assert(v.d == -2.5e-3, "--double: expected -2.5e-3, got %g", v.d);
	cr_assert(!strcmp(v.s, "-dash"), "--name: a value may start with '-', got '%s'", v.s);
	cr_assert(v.flag == 1, "--flag: expected 1, got %d", v.flag);
	cr_assert(v.choice == 2, "--pick blue: expected index 2, got %d", v.choice);
	cr_assert(v.odd == 5, "--odd (an included table, custom): expected 5, got %d", v.odd);
}

Test(args, a_later_option_wins)
{
	cr_assert(PARSE("-i", "1", "--pick", "green", "-i", "3") == ARGS_OK);
	cr_assert(v.i == 3 && v.choice == 1, "expected i 3 and choice 1, got %d and %d", v.i,
		  v.choice);
}

Test(args, help_stops_the_parse)
{
	cr_assert(PARSE("--help") == ARGS_HELP, "--help: expected ARGS_HELP");
	cr_assert(PARSE("-i", "5", "-h", "--bogus") == ARGS_HELP, "-h: expected ARGS_HELP");
	cr_assert(v.i == 5, "the options before -h are read: expected 5, got %d", v.i);
}

Test(args, missing_value_is_refused, .init = cr_redirect_stderr)
{
	cr_assert(PARSE("--flag", "-i") == ARGS_ERROR, "-i without a value must be refused");
	cr_assert(v.i == 7, "-i: the default must stay, got %d", v.i);
	fflush(stderr);
	cr_assert_stderr_eq_str("-i: expected a whole number, got '(nothing)'\n");
}

Test(args, unknown_option_is_refused, .init = cr_redirect_stderr)
{
	cr_assert(PARSE("-i", "2", "--bogus", "--help") == ARGS_ERROR,
		  "an unknown option must be refused before a later --help");
	fflush(stderr);
	cr_assert_stderr_eq_str("'--bogus': unknown option (--help lists them)\n");
}

Test(args, stray_argument_is_refused, .init = cr_redirect_stderr)
{
	cr_assert(PARSE("input.txt") == ARGS_ERROR, "an argument that is no option: refused");
	fflush(stderr);
	cr_assert_stderr_eq_str("'input.txt': unknown option (--help lists them)\n");
}

Test(args, bad_whole_number_is_refused, .init = cr_redirect_stderr)
{
	cr_assert(PARSE("-i", "12abc") == ARGS_ERROR, "-i 12abc must be refused (atoi took 12)");
	cr_assert(v.i == 7, "-i: the default must stay, got %d", v.i);
	fflush(stderr);
	cr_assert_stderr_eq_str("-i: expected a whole number, got '12abc'\n");
}

Test(args, numbers_out_of_range_or_empty_are_refused, .init = cr_redirect_stderr)
{
	const char *bad[][2] = {{"-i", "2147483648"}, {"-i", ""},	    {"-i", "1e6"},
				{"--long", "x"},      {"--seed", "0xg"},    {"--float", "1e39"},
				{"--float", "1.5.2"}, {"--double", "1e999"}};

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
		cr_assert(PARSE(bad[k][0], bad[k][1]) == ARGS_ERROR, "%s '%s' must be refused",
			  bad[k][0], bad[k][1]);
	cr_assert(PARSE("-i", "2147483647", "--float", "1e-50") == ARGS_OK,
		  "INT_MAX and a float that underflows to 0 are numbers");
	cr_assert(v.i == 2147483647 && v.f == 0.f, "expected INT_MAX and 0, got %d and %g", v.i,
		  v.f);
}

Test(args, bad_choice_is_refused, .init = cr_redirect_stderr)
{
	cr_assert(PARSE("--pick", "gre") == ARGS_ERROR, "a prefix of a choice must be refused");
	cr_assert(v.choice == 0, "--pick: the default must stay, got %d", v.choice);
	fflush(stderr);
	cr_assert_stderr_eq_str("--pick: expected red, green or blue, got 'gre'\n");
}

Test(args, custom_value_refused_with_its_want, .init = cr_redirect_stderr)
{
	cr_assert(PARSE("--odd", "4") == ARGS_ERROR, "--odd 4 must be refused");
	fflush(stderr);
	cr_assert_stderr_eq_str("--odd: expected an odd number, got '4'\n");
}

Test(args, usage_lists_every_option, .init = cr_redirect_stdout)
{
	const char *want[] = {
	    "usage: driver [-i N] [--long L] [--seed S] [--float X] [--double X]\n"
	    "              [--name NAME] [--flag] [--pick red|green|blue] [extra options]\n",
	    "  -i N              an int (default 7)\n",
	    "  --double X        a double,\n                    over two lines\n",
	    "  --flag            a flag\n",
	    "  --pick red|green|blue\n                    one of three\n",
	    "  -h, --help        this help\n",
	    "extra options:\n  --odd K           an odd number (default 1)\n"};
	char out[4096];
	size_t len;
	FILE *f;

	args_usage(stdout, "driver", specs);
	fflush(stdout);
	f = cr_get_redirected_stdout();
	len = fread(out, 1, sizeof(out) - 1, f);
	out[len] = '\0';
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++)
		cr_assert(strstr(out, want[k]), "the usage lacks\n%s\nit is:\n%s", want[k], out);
}

static void redirect_both(void)
{
	cr_redirect_stdout();
	cr_redirect_stderr();
}

Test(args, args_bad_says_why_and_returns_2, .init = redirect_both)
{
	int rc = args_bad("driver", specs, "-i: expected 1 or more, got %d", -3);

	cr_assert(rc == 2, "args_bad: expected the exit status 2, got %d", rc);
	fflush(stderr);
	cr_assert_stderr_eq_str("-i: expected 1 or more, got -3\n");
}
