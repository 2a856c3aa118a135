/* A test's output as HTML: escaped, its handout steps linked (see html.h). */
#include <ctype.h>
#include <string.h>

#include "html.h"

void html_escape(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++) {
		switch (s[i]) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			fputc(s[i], f);
		}
	}
}

/* The name of lab @p number in @p labs ("01-pair 02-tiling ..."), into @p name. */
static int lab_name(const char *labs, int number, char *name, size_t len)
{
	for (const char *p = labs; p && *p; p += strspn(p, " ")) {
		size_t n = strcspn(p, " ");
		if (n && n < len && isdigit((unsigned char)p[0]) && isdigit((unsigned char)p[1]) &&
		    (p[0] - '0') * 10 + (p[1] - '0') == number) {
			memcpy(name, p, n);
			name[n] = '\0';
			return 0;
		}
		p += n;
	}
	return -1;
}

/* A step "N.x" at @p s (N one digit, x one letter, then no letter or digit): 3, or 0. */
static size_t step_at(const char *s)
{
	return isdigit((unsigned char)s[0]) && s[0] != '0' && s[1] == '.' &&
		       islower((unsigned char)s[2]) && !isalnum((unsigned char)s[3])
		   ? 3
		   : 0;
}

/* "handouts/NN-name.md" at @p s: its length, the page's name into @p name. */
static size_t handout_at(const char *s, char *name, size_t len)
{
	size_t n;

	if (strncmp(s, "handouts/", 9) || !isdigit((unsigned char)s[9]))
		return 0;
	n = strspn(s + 9, "0123456789-abcdefghijklmnopqrstuvwxyz_");
	if (n < 4 || n >= len || strncmp(s + 9 + n, ".md", 3))
		return 0;
	memcpy(name, s + 9, n);
	name[n] = '\0';
	return 9 + n + 3;
}

void html_hint(FILE *f, const char *text, const struct html_links *links)
{
	int in_steps = 0; /* after "step " or "steps ", until a word other than "and" */
	char name[64];

	for (const char *p = text; *p;) {
		size_t n = handout_at(p, name, sizeof(name));
		if (n) {
			fprintf(f, "<a href=\"%s/%s.html\">", links->handouts, name);
			html_escape(f, p, n);
			fputs("</a>", f);
			p += n;
			continue;
		}
		if ((p == text || !isalnum((unsigned char)p[-1])) &&
		    (!strncmp(p, "step ", 5) || !strncmp(p, "steps ", 6))) {
			in_steps = 1;
			n = p[4] == 's' ? 6 : 5;
			html_escape(f, p, n);
			p += n;
			continue;
		}
		n = in_steps ? step_at(p) : 0;
		if (n && !lab_name(links->labs, p[0] - '0', name, sizeof(name))) {
			fprintf(f, "<a class=\"step\" href=\"%s/%s.html#step-%.3s\">",
				links->handouts, name, p);
			html_escape(f, p, n);
			fputs("</a>", f);
			p += n;
			continue;
		}
		if (in_steps && !n && !strchr(" ,", *p) && strncmp(p, "and ", 4))
			in_steps = 0;
		if (in_steps && !strncmp(p, "and ", 4)) {
			fputs("and ", f);
			p += 4;
			continue;
		}
		html_escape(f, p, 1);
		p++;
	}
}
