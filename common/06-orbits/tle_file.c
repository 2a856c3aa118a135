/*
 * A file of element sets (tle.h's tle_read_file): two-line and three-line sets, read a
 * line at a time, each set handed to tle_parse and each refusal told at its file line.
 */
#include "tle.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A file being read: the sets so far, and the name line and line 1 waiting for the rest
 * of their set (their file line numbers, 0 when none waits). */
struct reader {
	const char *path;
	int check_sums;
	struct tle *sets;
	int n, cap;
	char name[25];
	long name_at;
	char *line1;
	long line1_at;
	char *why;
	size_t why_size;
};

/* The set ending at file line @p at with line 2 @p text, appended. */
static int add_set(struct reader *r, const char *text, long at)
{
	char reason[256];
	struct tle t;
	int which = 2;

	/* tle_parse's reason begins with the line it refused */
	if (tle_parse(r->line1, text, r->check_sums, &t, reason, sizeof(reason))) {
		sscanf(reason, "line %d", &which);
		tle_say(r->why, r->why_size, "%s:%ld: %s", r->path, which == 1 ? r->line1_at : at,
			reason);
		return -1;
	}
	if (r->n == r->cap) {
		struct tle *more = realloc(r->sets, 2 * r->cap * sizeof(*more));

		if (!more) {
			tle_say(r->why, r->why_size, "%s:%ld: out of memory", r->path, at);
			return -1;
		}
		r->sets = more;
		r->cap *= 2;
	}
	memcpy(t.name, r->name, sizeof(t.name));
	r->sets[r->n++] = t;
	r->name_at = r->line1_at = 0;
	r->name[0] = '\0';
	return 0;
}

/* One line of the file that is neither blank nor a comment, @p text without its end. */
static int take_line(struct reader *r, const char *text, long at)
{
	int is1 = text[0] == '1' && text[1] == ' ', is2 = text[0] == '2' && text[1] == ' ';
	size_t n;

	if (r->line1_at && !is2) {
		tle_say(r->why, r->why_size,
			"%s:%ld: \"%.30s\" where line 2 of the set begun at line %ld was expected",
			r->path, at, text, r->line1_at);
		return -1;
	}
	if (r->name_at && !r->line1_at && !is1) {
		tle_say(r->why, r->why_size,
			"%s:%ld: \"%.30s\" where line 1 of the set named at line %ld was expected",
			r->path, at, text, r->name_at);
		return -1;
	}
	if (is2 && !r->line1_at) {
		tle_say(r->why, r->why_size, "%s:%ld: a line 2 without a line 1", r->path, at);
		return -1;
	}
	if (is2)
		return add_set(r, text, at);
	if (is1) {
		free(r->line1);
		r->line1 = strdup(text);
		r->line1_at = at;
		if (!r->line1)
			tle_say(r->why, r->why_size, "%s:%ld: out of memory", r->path, at);
		return r->line1 ? 0 : -1;
	}
	/* a name line: "0 " is the prefix of Space-Track's three-line format */
	text += text[0] == '0' && text[1] == ' ' ? 2 : 0;
	text += strspn(text, " ");
	n = strlen(text) < sizeof(r->name) - 1 ? strlen(text) : sizeof(r->name) - 1;
	while (n > 0 && text[n - 1] == ' ')
		n--;
	memcpy(r->name, text, n);
	r->name[n] = '\0';
	r->name_at = at;
	return 0;
}

int tle_read_file(const char *path, int check_sums, struct tle **sets, char *why, size_t why_size)
{
	struct reader r = {.path = path,
			   .check_sums = check_sums,
			   .sets = malloc(16 * sizeof(struct tle)),
			   .cap = 16,
			   .why = why,
			   .why_size = why_size};
	FILE *fp = fopen(path, "r");
	char *text = NULL;
	size_t size = 0;
	long at = 0;
	int bad = !fp || !r.sets;

	if (bad)
		tle_say(why, why_size, "%s: %s", path, fp ? "out of memory" : strerror(errno));
	while (!bad && getline(&text, &size, fp) >= 0) {
		size_t n = strlen(text);

		while (n > 0 && strchr(" \t\r\n", text[n - 1]))
			n--;
		text[n] = '\0';
		at++;
		if (text[0] && text[0] != '#')
			bad = take_line(&r, text, at);
	}
	if (!bad && fp && ferror(fp)) {
		tle_say(why, why_size, "%s:%ld: %s", path, at + 1, strerror(errno));
		bad = 1;
	} else if (!bad && (r.line1_at || r.name_at)) {
		tle_say(why, why_size, "%s:%ld: the file ends before the set begun there does",
			path, r.line1_at ? r.line1_at : r.name_at);
		bad = 1;
	}
	if (fp)
		fclose(fp);
	free(text);
	free(r.line1);
	if (bad) {
		free(r.sets);
		r.sets = NULL;
	}
	*sets = r.sets;
	return bad ? -1 : r.n;
}
