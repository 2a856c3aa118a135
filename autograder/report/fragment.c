/* The tab-separated results fragment of one lab (see fragment.h). */
#include <stdlib.h>
#include <string.h>

#include "fragment.h"

static void write_escaped(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '\\':
			fputs("\\\\", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

void fragment_write(FILE *f, const struct fragment_row *row)
{
	write_escaped(f, row->lab);
	fputc('\t', f);
	write_escaped(f, row->test);
	fprintf(f, "\t%d\t%d\t%s\t", row->score, row->max_score, row->status);
	write_escaped(f, row->output);
	if (row->seconds > 0)
		fprintf(f, "\t%.3f", row->seconds);
	fputc('\n', f);
}

/* Undoes write_escaped in place; returns -1 on a dangling or unknown escape. */
static int unescape(char *s)
{
	char *out = s;

	for (; *s; s++) {
		if (*s != '\\') {
			*out++ = *s;
			continue;
		}
		switch (*++s) {
		case '\\':
			*out++ = '\\';
			break;
		case 't':
			*out++ = '\t';
			break;
		case 'n':
			*out++ = '\n';
			break;
		case 'r':
			*out++ = '\r';
			break;
		default:
			return -1;
		}
	}
	*out = '\0';
	return 0;
}

static int parse_int(const char *s, int *v)
{
	char *end;
	long x = strtol(s, &end, 10);

	if (!*s || *end || x < 0 || x > 1000000)
		return -1;
	*v = (int)x;
	return 0;
}

static int known_status(const char *s)
{
	const char *all = FRAGMENT_STATUSES;
	size_t n = strlen(s);

	for (const char *p = strstr(all, s); n && p; p = strstr(p + 1, s))
		if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

int fragment_parse(char *line, struct fragment_row *row)
{
	char *field[7], *end;
	int n = 0;

	field[n++] = line;
	for (char *p = line; *p && n < 7; p++) {
		if (*p == '\t') {
			*p = '\0';
			field[n++] = p + 1;
		}
	}
	if (n < 6 || unescape(field[0]) || unescape(field[1]) || unescape(field[5]))
		return -1;
	/* the seventh field, the test's seconds, is optional (rows written by scripts) */
	row->seconds = n == 7 ? strtod(field[6], &end) : 0.0;
	if (n == 7 && (*end || !(row->seconds >= 0.0 && row->seconds < 1e6)))
		return -1;
	if (parse_int(field[2], &row->score) || parse_int(field[3], &row->max_score) ||
	    row->score > row->max_score || !known_status(field[4]))
		return -1;
	if (strlen(field[1]) >= sizeof(row->test))
		return -1;
	row->lab = field[0];
	strcpy(row->test, field[1]);
	row->status = field[4];
	row->output = field[5];
	return 0;
}
