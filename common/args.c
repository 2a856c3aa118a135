/* The drivers' command lines (see args.h): one parser and one usage, both from the
 * option table. Nothing here exits; the driver decides. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"

/* the column of the help text: two spaces, the option and its value, at least one space */
#define HELP_COLUMN 20
/* the usage's first line wraps before this column */
#define LINE_WIDTH 80

/* the option named arg, in this table or one it includes; NULL if none */
static const struct arg_spec *find(const struct arg_spec *s, const char *arg)
{
	for (; s->name; s++) {
		const struct arg_spec *t;
		if (s->kind != ARG_TABLE && !strcmp(s->name, arg))
			return s;
		if (s->kind == ARG_TABLE && (t = find(s->dest, arg)))
			return t;
	}
	return NULL;
}

/* "a|b|c" as "a, b or c" */
static const char *choice_list(const char *choices, char *buf, size_t size)
{
	const char *last = strrchr(choices, '|');
	size_t k = 0;

	for (const char *c = choices; *c && k + 4 < size; c++) {
		if (*c != '|')
			buf[k++] = *c;
		else if (c == last)
			k += (size_t)snprintf(buf + k, size - k, " or ");
		else
			k += (size_t)snprintf(buf + k, size - k, ", ");
	}
	buf[k < size ? k : size - 1] = '\0';
	return buf;
}

static int choice_index(const char *choices, const char *value)
{
	size_t len = strlen(value);
	int index = 0;

	for (const char *c = choices;; index++) {
		const char *bar = strchr(c, '|');
		size_t clen = bar ? (size_t)(bar - c) : strlen(c);
		if (len && clen == len && !strncmp(c, value, len))
			return index;
		if (!bar)
			return -1;
		c = bar + 1;
	}
}

/* Reads value into s->dest; -1 (dest untouched) if it is not what s->kind accepts. */
static int read_value(const struct arg_spec *s, const char *value)
{
	char *end;
	long long x;
	unsigned long long u;
	double d;
	int k;

	errno = 0;
	switch (s->kind) {
	case ARG_INT:
	case ARG_LONG:
		x = strtoll(value, &end, 10);
		if (end == value || *end || errno ||
		    (s->kind == ARG_INT ? x < INT_MIN || x > INT_MAX
					: x < LONG_MIN || x > LONG_MAX))
			return -1;
		if (s->kind == ARG_INT)
			*(int *)s->dest = (int)x;
		else
			*(long *)s->dest = (long)x;
		return 0;
	case ARG_ULLONG:
		u = strtoull(value, &end, 0);
		if (end == value || *end || errno)
			return -1;
		*(unsigned long long *)s->dest = u;
		return 0;
	case ARG_FLOAT:
	case ARG_DOUBLE:
		/* underflow (ERANGE, a tiny or zero result) is a number; overflow is not */
		d = strtod(value, &end);
		if (end == value || *end || (errno == ERANGE && fabs(d) == HUGE_VAL) ||
		    (s->kind == ARG_FLOAT && isfinite(d) && isinf((float)d)))
			return -1;
		if (s->kind == ARG_FLOAT)
			*(float *)s->dest = (float)d;
		else
			*(double *)s->dest = d;
		return 0;
	case ARG_STRING:
		*(const char **)s->dest = value;
		return 0;
	case ARG_CHOICE:
		if ((k = choice_index(s->choices, value)) < 0)
			return -1;
		*(int *)s->dest = k;
		return 0;
	case ARG_CUSTOM:
		return s->parse(s, value);
	default:
		return -1;
	}
}

static const char *want(const struct arg_spec *s, char *buf, size_t size)
{
	if (s->want)
		return s->want;
	switch (s->kind) {
	case ARG_INT:
	case ARG_LONG:
		return "a whole number";
	case ARG_ULLONG:
		return "a whole number (decimal, or 0x hexadecimal)";
	case ARG_FLOAT:
	case ARG_DOUBLE:
		return "a number";
	case ARG_CHOICE:
		return choice_list(s->choices, buf, size);
	default:
		return "a value";
	}
}

enum args_result args_parse(int argc, char **argv, const struct arg_spec *specs)
{
	char buf[256];

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
		const struct arg_spec *s;

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help"))
			return ARGS_HELP;
		if (!(s = find(specs, arg))) {
			fprintf(stderr, "'%s': unknown option (--help lists them)\n", arg);
			return ARGS_ERROR;
		}
		if (s->kind == ARG_FLAG) {
			*(int *)s->dest = 1;
		} else if (!value || read_value(s, value)) {
			fprintf(stderr, "%s: expected %s, got '%s'\n", arg,
				want(s, buf, sizeof(buf)), value ? value : "(nothing)");
			return ARGS_ERROR;
		} else {
			i++;
		}
		if (s->given)
			*s->given = 1;
	}
	return ARGS_OK;
}

/* "-n N", "--render gpu|cpu", "--plummer": the option as the usage shows it */
static const char *shown(const struct arg_spec *s, char *buf, size_t size)
{
	const char *metavar = s->metavar ? s->metavar : s->kind == ARG_CHOICE ? s->choices : NULL;

	if (s->kind == ARG_FLAG || !metavar)
		snprintf(buf, size, "%s", s->name);
	else
		snprintf(buf, size, "%s %s", s->name, metavar);
	return buf;
}

/* the usage's first line, wrapped under its start */
static int synopsis(FILE *out, const struct arg_spec *s, int column, int indent)
{
	char buf[128];

	for (; s->name; s++) {
		int len;
		if (s->kind == ARG_TABLE && !s->help) {
			column = synopsis(out, s->dest, column, indent);
			continue;
		}
		len = (int)strlen(s->kind == ARG_TABLE ? s->name : shown(s, buf, sizeof(buf))) + 3;
		if (column + len > LINE_WIDTH) {
			fprintf(out, "\n%*s", indent, "");
			column = indent;
		}
		fprintf(out, " [%s]", s->kind == ARG_TABLE ? s->name : buf);
		column += len;
	}
	return column;
}

static void option_line(FILE *out, const char *left, const char *help)
{
	int len = fprintf(out, "  %s", left);

	if (len >= HELP_COLUMN)
		fprintf(out, "\n%*s", HELP_COLUMN, "");
	else
		fprintf(out, "%*s", HELP_COLUMN - len, "");
	for (const char *line = help ? help : "", *nl;; line = nl + 1) {
		nl = strchr(line, '\n');
		fprintf(out, "%.*s\n", nl ? (int)(nl - line) : (int)strlen(line), line);
		if (!nl || !nl[1])
			return;
		fprintf(out, "%*s", HELP_COLUMN, "");
	}
}

/* the table's own options (and those of the tables it lists with them) */
static void options(FILE *out, const struct arg_spec *s)
{
	char buf[128];

	for (; s->name; s++) {
		if (s->kind == ARG_TABLE && !s->help)
			options(out, s->dest);
		else if (s->kind != ARG_TABLE)
			option_line(out, shown(s, buf, sizeof(buf)), s->help);
	}
}

/* the sections of the included tables with a heading, after the options */
static void sections(FILE *out, const struct arg_spec *s)
{
	for (; s->name; s++) {
		if (s->kind != ARG_TABLE)
			continue;
		if (s->help) {
			fprintf(out, "%s\n", s->help);
			options(out, s->dest);
		}
		sections(out, s->dest);
	}
}

void args_usage(FILE *out, const char *prog, const struct arg_spec *specs)
{
	int indent = fprintf(out, "usage: %s", prog);

	synopsis(out, specs, indent, indent);
	fprintf(out, "\n");
	options(out, specs);
	option_line(out, "-h, --help", "this help");
	sections(out, specs);
}

int args_bad(const char *prog, const struct arg_spec *specs, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	args_usage(stdout, prog, specs);
	return 2;
}
