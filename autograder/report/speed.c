/* A speed test's ratio and bound, read from its output (see speed.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "speed.h"

/* The words that introduce a bound; an at-most bound is a slowdown's. */
static const struct {
	const char *word;
	int at_most;
} bound_words[] = {
    {"(limit ", 0}, {"; limit ", 0}, {"want >= ", 0}, {"want at least ", 0}, {"want <= ", 1},
};

/* The number at @p s (and an 'x' right after it) copied into @p text; its length, or 0. */
static size_t number_at(const char *s, const char *end, char *text, size_t len, double *v)
{
	char *stop;
	size_t n;

	if (!isdigit((unsigned char)*s))
		return 0;
	*v = strtod(s, &stop);
	n = (size_t)(stop - s);
	if (stop < end && *stop == 'x' && (stop + 1 == end || !isalnum((unsigned char)stop[1])))
		n++;
	if (n >= len || stop > end)
		return 0;
	memcpy(text, s, n);
	text[n] = '\0';
	return n;
}

/* The last "R" of "ratio R" before @p end, or else the last "Rx" (a number, then x,
 * then no letter or digit: never a seed's 0x...). */
static int ratio_before(const char *line, const char *end, struct speed_ratio *s, int *named)
{
	int found = 0;

	for (const char *p = line; p < end; p++) {
		double v;
		char text[32];
		size_t n;

		if (p > line && (isalnum((unsigned char)p[-1]) || p[-1] == '.'))
			continue; /* inside a word or a number */
		if (!strncmp(p, "ratio ", 6) && number_at(p + 6, end, text, sizeof(text), &v)) {
			*named = 1;
			found = 1;
			s->ratio = v;
			strcpy(s->ratio_text, text);
			continue;
		}
		n = number_at(p, end, text, sizeof(text), &v);
		if (n && text[n - 1] == 'x' && !*named) {
			found = 1;
			s->ratio = v;
			strcpy(s->ratio_text, text);
		}
	}
	return found;
}

int speed_parse(const char *test, const char *output, struct speed_ratio *s)
{
	const char *end = output + strcspn(output, "\n"), *at = NULL;
	int at_most = 0, named = 0;
	size_t skip = 0;

	memset(s, 0, sizeof(*s));
	if (strncmp(test, "speed/", 6))
		return -1;
	for (size_t i = 0; i < sizeof(bound_words) / sizeof(bound_words[0]); i++) {
		const char *p = strstr(output, bound_words[i].word);
		if (p && p < end && (!at || p < at)) {
			at = p;
			at_most = bound_words[i].at_most;
			skip = strlen(bound_words[i].word);
		}
	}
	if (!at || !number_at(at + skip, end, s->bound_text, sizeof(s->bound_text), &s->bound) ||
	    !ratio_before(output, at, s, &named))
		return -1;
	/* a ratio written "Rx" has its bound written "Lx"; "ratio R" is a slowdown's */
	if (!named && s->bound_text[strlen(s->bound_text) - 1] != 'x')
		return -1;
	s->at_most = named || at_most;
	return s->ratio > 0 && s->bound > 0 ? 0 : -1;
}
