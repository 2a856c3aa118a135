/*
 * The in-memory transform from a solution file to its skeleton: a line-by-line
 * state machine that refuses anything ambiguous rather than guess, since a
 * wrong guess either leaks an answer or hides a skeleton.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skelgen.h"

enum line_kind { LINE_TEXT, LINE_BEGIN, LINE_END, LINE_SKELETON, LINE_CLOSE, LINE_MALFORMED };

enum xform_state {
	ST_TEXT,      /* copying lines through */
	ST_ANSWER,    /* inside BEGIN ... END: dropping lines */
	ST_AFTER_END, /* just after END: a SKELETON may still come, past blank lines */
	ST_SKELETON,  /* inside SKELETON ... closer: emitting lines */
};

/** @brief State of one transform: where we are and what has been produced so far. */
struct xform {
	const char *name;	/**< file name for messages */
	enum xform_state state; /**< what the lines being read belong to */
	long open_line;		/**< line of the BEGIN or SKELETON that is open */
	char *out;		/**< output, as large as the input */
	size_t out_len;		/**< bytes of output so far */
	char *err;		/**< caller's message buffer, or NULL */
	size_t err_size;	/**< its size */
};

/*
 * Every message an author can get, each on one line so that grep finds it from the
 * terminal (clang-format would split the long ones). report() prefixes "file:line:
 * error: ", the line being the one to fix: for an unclosed block, where it opens.
 */
/* clang-format off */
#define MSG_END_ALONE             "END SOLUTION without BEGIN SOLUTION"
#define MSG_SKELETON_ALONE        "SKELETON block must directly follow END SOLUTION (only blank lines may come between)"
#define MSG_MALFORMED             "malformed marker: a marker is alone on its line and is exactly '/* BEGIN SOLUTION */', '/* END SOLUTION */' or '/* SKELETON'"
#define MSG_NESTED                "nested BEGIN SOLUTION (the open block starts at line %ld)"
#define MSG_SKELETON_IN_ANSWER    "SKELETON inside a solution block (the open block starts at line %ld)"
#define MSG_MARKER_IN_SKELETON    "%s inside a SKELETON block (the block starts at line %ld)"
#define MSG_DELIMITER_IN_SKELETON "'/*' or '*/' inside a SKELETON block would break the comment that holds it in the solution (the block starts at line %ld); use // comments"
#define MSG_ANSWER_UNCLOSED       "BEGIN SOLUTION is never closed by END SOLUTION (end of file at line %ld)"
#define MSG_SKELETON_UNCLOSED     "SKELETON block is never closed by a '*/' line (end of file at line %ld)"
/* clang-format on */

static const char *const kind_name[] = {
    [LINE_BEGIN] = "BEGIN SOLUTION",
    [LINE_END] = "END SOLUTION",
    [LINE_SKELETON] = "SKELETON",
};

int skel_is_source(const char *path)
{
	static const char *const ext[] = {".c", ".h", ".cu", ".cuh"};
	const char *dot = strrchr(path, '.');
	size_t i;

	if (!dot || strchr(dot, '/'))
		return 0;
	for (i = 0; i < sizeof(ext) / sizeof(ext[0]); i++)
		if (!strcmp(dot, ext[i]))
			return 1;
	return 0;
}

/* Writes "name:LINE: error: <fmt>" so that editors and make can jump to the line. */
static int report(struct xform *x, long line, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!x->err || !x->err_size)
		return -1;
	n = snprintf(x->err, x->err_size, "%s:%ld: error: ", x->name, line);
	if (n >= 0 && (size_t)n < x->err_size) {
		va_start(ap, fmt);
		vsnprintf(x->err + n, x->err_size - n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int is_blank_char(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n';
}

/*
 * A comment whose first words name a marker. Such a line that is not exactly a marker
 * is most likely a typo of one, and copying it as text would leak the answer below it.
 */
static int looks_like_marker(const char *s, size_t n)
{
	char word[16];
	size_t i = 2, w = 0;

	if (n < 2 || s[0] != '/' || (s[1] != '*' && s[1] != '/'))
		return 0;
	while (i < n && (s[i] == '*' || s[i] == '/' || s[i] == ' ' || s[i] == '\t'))
		i++;
	if (n - i >= 8 && !memcmp(s + i, "SKELETON", 8))
		return 1;
	for (; i < n && w < sizeof(word) - 1; i++) {
		if (isalpha((unsigned char)s[i]))
			word[w++] = (char)toupper((unsigned char)s[i]);
		else if (s[i] != ' ' && s[i] != '\t' && s[i] != '_' && s[i] != '-')
			break;
	}
	word[w] = '\0';
	return !strncmp(word, "BEGINSOLUTION", 13) || !strncmp(word, "ENDSOLUTION", 11);
}

static int equals(const char *s, size_t n, const char *lit)
{
	return strlen(lit) == n && !memcmp(s, lit, n);
}

/* Classifies one line, terminator included, by its content without surrounding blanks. */
static enum line_kind classify(const char *s, size_t n, int *blank)
{
	while (n && is_blank_char(s[n - 1]))
		n--;
	while (n && is_blank_char(*s)) {
		s++;
		n--;
	}
	*blank = n == 0;
	if (equals(s, n, "/* BEGIN SOLUTION */"))
		return LINE_BEGIN;
	if (equals(s, n, "/* END SOLUTION */"))
		return LINE_END;
	if (equals(s, n, "/* SKELETON"))
		return LINE_SKELETON;
	if (equals(s, n, "*/"))
		return LINE_CLOSE;
	return looks_like_marker(s, n) ? LINE_MALFORMED : LINE_TEXT;
}

static int contains(const char *s, size_t n, const char *pair)
{
	size_t i;

	for (i = 0; i + 1 < n; i++)
		if (s[i] == pair[0] && s[i + 1] == pair[1])
			return 1;
	return 0;
}

static void emit(struct xform *x, const char *line, size_t n)
{
	memcpy(x->out + x->out_len, line, n);
	x->out_len += n;
}

/* Text outside any block: markers here open a block or are misplaced. */
static int step_text(struct xform *x, enum line_kind kind, const char *line, size_t n, long no)
{
	switch (kind) {
	case LINE_BEGIN:
		x->state = ST_ANSWER;
		x->open_line = no;
		return 0;
	case LINE_END:
		return report(x, no, MSG_END_ALONE);
	case LINE_SKELETON:
		return report(x, no, MSG_SKELETON_ALONE);
	default:
		emit(x, line, n);
		return 0;
	}
}

static int step_answer(struct xform *x, enum line_kind kind, long no)
{
	switch (kind) {
	case LINE_BEGIN:
		return report(x, no, MSG_NESTED, x->open_line);
	case LINE_END:
		x->state = ST_AFTER_END;
		return 0;
	case LINE_SKELETON:
		return report(x, no, MSG_SKELETON_IN_ANSWER, x->open_line);
	default:
		return 0;
	}
}

/*
 * Skeleton lines live inside a comment of the solution file, so a comment delimiter
 * among them would end that comment early (or nest one, a -Wcomment warning) and
 * break the build of the solution.
 */
static int step_skeleton(struct xform *x, enum line_kind kind, const char *line, size_t n, long no)
{
	if (kind == LINE_CLOSE) {
		x->state = ST_TEXT;
		return 0;
	}
	if (kind != LINE_TEXT)
		return report(x, no, MSG_MARKER_IN_SKELETON, kind_name[kind], x->open_line);
	if (contains(line, n, "*/") || contains(line, n, "/*"))
		return report(x, no, MSG_DELIMITER_IN_SKELETON, x->open_line);
	emit(x, line, n);
	return 0;
}

static int step(struct xform *x, const char *line, size_t n, long no)
{
	int blank;
	enum line_kind kind = classify(line, n, &blank);

	if (kind == LINE_MALFORMED)
		return report(x, no, MSG_MALFORMED);
	if (x->state == ST_AFTER_END) {
		if (kind == LINE_SKELETON) {
			x->state = ST_SKELETON;
			x->open_line = no;
			return 0;
		}
		if (!blank)
			x->state = ST_TEXT;
	}
	switch (x->state) {
	case ST_ANSWER:
		return step_answer(x, kind, no);
	case ST_SKELETON:
		return step_skeleton(x, kind, line, n, no);
	default:
		return step_text(x, kind, line, n, no);
	}
}

static int finish(struct xform *x, long last)
{
	if (x->state == ST_ANSWER)
		return report(x, x->open_line, MSG_ANSWER_UNCLOSED, last);
	if (x->state == ST_SKELETON)
		return report(x, x->open_line, MSG_SKELETON_UNCLOSED, last);
	return 0;
}

int skel_transform(const char *name, const char *in, size_t len, char **out, size_t *out_len,
		   char *err, size_t err_size)
{
	struct xform x = {name, ST_TEXT, 0, NULL, 0, err, err_size};
	size_t pos = 0;
	long no = 0;

	*out = NULL;
	*out_len = 0;
	/* Lines are only ever dropped, so the output never outgrows the input. */
	x.out = malloc(len + 1);
	if (!x.out) {
		if (err && err_size)
			snprintf(err, err_size, "%s: error: out of memory", name);
		return -1;
	}
	while (pos < len) {
		const char *nl = memchr(in + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - in) + 1 : len;

		if (step(&x, in + pos, end - pos, ++no) < 0)
			goto fail;
		pos = end;
	}
	if (finish(&x, no) < 0)
		goto fail;
	x.out[x.out_len] = '\0';
	*out = x.out;
	*out_len = x.out_len;
	return 0;
fail:
	free(x.out);
	return -1;
}
