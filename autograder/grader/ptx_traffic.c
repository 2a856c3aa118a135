/* The memory traffic of a kernel's loop of steps, from its PTX (see ptx_traffic.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_traffic.h"

#define MAX_PTX	   (16 << 20)
#define MAX_FNS	   256
#define MAX_LOOPS  1024
#define MAX_LABELS 4096
#define CALL_DEPTH 8

/* What one instruction does, of what this file asks. */
struct insn {
	int heavy, loads, stores, load_bytes, store_bytes;
	int call;	  /* a call, its target on this line or one below (nvcc's layout) */
	char callee[256]; /* a call's target, else "" */
};

struct fn {
	char name[256];
	int entry;	 /* a kernel (.entry), else a device function (.func) */
	int first, last; /* its body's lines (0-based, inclusive) */
};

struct span {
	int head, end; /* the loop's first and last line */
};

struct ptx {
	char **line;
	int n_lines;
	struct insn *insn;
	struct fn fn[MAX_FNS];
	int n_fns;
};

/* the line without its comment and its leading and trailing blanks (in place) */
static char *trimmed(char *s)
{
	char *c = strstr(s, "//");
	size_t n;

	if (c)
		*c = '\0';
	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* the bytes an access of this type moves: .f64 8, .v4.f32 16, .b8 1 */
static int access_bytes(const char *op)
{
	int bytes = 0, lanes = 1;
	char buf[128];

	snprintf(buf, sizeof(buf), "%s", op);
	for (char *t = strtok(buf, "."); t; t = strtok(NULL, ".")) {
		if (t[0] == 'v' && isdigit((unsigned char)t[1]))
			lanes = atoi(t + 1);
		else if (strchr("bfsu", t[0]) && isdigit((unsigned char)t[1]))
			bytes = atoi(t + 1) / 8;
	}
	return (bytes ? bytes : 4) * lanes;
}

/* a state space the loop may use freely: registers' neighbours, on the chip or constant */
static int on_chip_space(const char *op)
{
	return strstr(op, ".param") || strstr(op, ".shared") || strstr(op, ".const");
}

static int starts(const char *op, const char *word)
{
	size_t n = strlen(word);

	return !strncmp(op, word, n) && (op[n] == '.' || op[n] == '\0');
}

static void classify(const char *text, struct insn *in)
{
	char buf[512], *p = buf, *op;

	memset(in, 0, sizeof(*in));
	snprintf(buf, sizeof(buf), "%s", text);
	if (*p == '@') /* a predicate: @%p1 or @!%p1 */
		while (*p && !isspace((unsigned char)*p))
			p++;
	while (isspace((unsigned char)*p))
		p++;
	op = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	if (*p)
		*p++ = '\0';
	if (starts(op, "sqrt") || starts(op, "rsqrt") || starts(op, "rcp") || starts(op, "lg2") ||
	    starts(op, "ex2") || starts(op, "sin") || starts(op, "cos") ||
	    (starts(op, "div") && (strstr(op, ".f32") || strstr(op, ".f64"))))
		in->heavy = 1;
	else if ((starts(op, "ld") || starts(op, "ldu")) && !on_chip_space(op))
		in->loads = 1, in->load_bytes = access_bytes(op);
	else if (starts(op, "st") && !on_chip_space(op))
		in->stores = 1, in->store_bytes = access_bytes(op);
	else if (starts(op, "atom") && !on_chip_space(op)) {
		in->loads = in->stores = 1;
		in->load_bytes = in->store_bytes = access_bytes(op);
	} else if (starts(op, "red") && !on_chip_space(op))
		in->stores = 1, in->store_bytes = access_bytes(op);
	else if (starts(op, "tex") || starts(op, "tld4") || starts(op, "suld") ||
		 (starts(op, "cp") && strstr(op, ".async")))
		in->loads = 1, in->load_bytes = 16;
	else if (starts(op, "sust") || starts(op, "sured"))
		in->stores = 1, in->store_bytes = 16;
	else if (starts(op, "call")) {
		/* call.uni (retval0), name, (param0); or call.uni name, (param0); */
		char *t = p;

		in->call = 1;
		while (*t) {
			while (*t == ' ' || *t == '\t' || *t == ',')
				t++;
			if (*t == '(') {
				char *close = strchr(t, ')');
				t = close ? close + 1 : t + strlen(t);
				continue;
			}
			size_t n = strcspn(t, " \t,;(");
			if (n && n < sizeof(in->callee))
				memcpy(in->callee, t, n), in->callee[n] = '\0';
			break;
		}
	}
}

/* the name of a .entry or .func header line, "" when the line is none */
static void header_name(const char *s, char *name, size_t len, int *entry)
{
	const char *p = strstr(s, ".entry"), *q;

	name[0] = '\0';
	*entry = p != NULL;
	if (!p && !(p = strstr(s, ".func")))
		return;
	if (s[0] != '.' || strstr(s, ".extern") || (p != s && !isspace((unsigned char)p[-1])))
		return;
	p += *entry ? 6 : 5;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '(') /* a .func's return value */
		p = (q = strchr(p, ')')) ? q + 1 : p + strlen(p);
	while (isspace((unsigned char)*p))
		p++;
	size_t n = strcspn(p, " \t(;");
	if (n && n < len)
		memcpy(name, p, n), name[n] = '\0';
}

/* functions and their bodies: a header, then its braces (a declaration ends in ';') */
static int find_functions(struct ptx *x)
{
	for (int i = 0; i < x->n_lines; i++) {
		char name[256];
		int entry, depth = 0, opened = 0;

		header_name(x->line[i], name, sizeof(name), &entry);
		if (!name[0])
			continue;
		int j = i;
		for (; j < x->n_lines; j++) {
			for (const char *c = x->line[j]; *c; c++) {
				if (*c == ';' && !opened && !depth && j > i)
					goto declaration;
				if (*c == '{')
					depth++, opened = 1;
				else if (*c == '}')
					depth--;
			}
			if (opened && depth == 0)
				break;
		}
		if (!opened || j == x->n_lines)
			return -1; /* a body that never closes: not PTX as nvcc writes it */
		if (x->n_fns < MAX_FNS)
			x->fn[x->n_fns++] = (struct fn){.entry = entry, .first = i + 1, .last = j};
		snprintf(x->fn[x->n_fns - 1].name, sizeof(name), "%s", name);
		i = j;
		continue;
	declaration:
		i = j;
	}
	return 0;
}

static const struct fn *function_named(const struct ptx *x, const char *name)
{
	for (int i = 0; i < x->n_fns; i++)
		if (!strcmp(x->fn[i].name, name))
			return &x->fn[i];
	return NULL;
}

/* the instructions of lines [a, b], the functions they call included */
static void add_lines(const struct ptx *x, int a, int b, int depth, struct ptx_step_loop *t)
{
	for (int i = a; i <= b; i++) {
		const struct insn *in = &x->insn[i];
		const struct fn *f;

		t->heavy += in->heavy;
		t->loads += in->loads;
		t->stores += in->stores;
		t->load_bytes += in->load_bytes;
		t->store_bytes += in->store_bytes;
		if ((in->loads || in->stores) && !t->example_line) {
			size_t n;
			t->example_line = i + 1;
			snprintf(t->example, sizeof(t->example), "%s", x->line[i]);
			for (char *c = t->example; *c; c++)
				*c = *c == '\t' ? ' ' : *c;
			n = strlen(t->example);
			if (n && t->example[n - 1] == ';')
				t->example[n - 1] = '\0';
		}
		if (in->callee[0] && depth < CALL_DEPTH && (f = function_named(x, in->callee)))
			add_lines(x, f->first, f->last, depth + 1, t);
	}
}

/* a kernel's loops: a branch back to a label above it closes one; branches back to one
 * label (a loop with a continue) make one loop, to the last of them */
static int loops_of(const struct ptx *x, const struct fn *f, struct span *loop, int max)
{
	static char label[MAX_LABELS][64];
	static int at[MAX_LABELS];
	int n_labels = 0, n = 0;

	for (int i = f->first; i <= f->last && n_labels < MAX_LABELS; i++) {
		const char *s = x->line[i];
		size_t len = strlen(s);
		if (len > 1 && len < sizeof(label[0]) && s[len - 1] == ':' && !strchr(s, ' ')) {
			memcpy(label[n_labels], s, len - 1);
			label[n_labels][len - 1] = '\0';
			at[n_labels++] = i;
		}
	}
	for (int i = f->first; i <= f->last; i++) {
		const char *s = x->line[i], *b = strstr(s, "bra");
		char target[64];
		if (!b || (b != s && !isspace((unsigned char)b[-1])))
			continue;
		b += strcspn(b, " \t");
		if (sscanf(b, " %63[^; \t]", target) != 1)
			continue;
		for (int l = 0; l < n_labels; l++) {
			if (strcmp(label[l], target) || at[l] > i)
				continue;
			int k = 0;
			while (k < n && loop[k].head != at[l])
				k++;
			if (k == n && n < max)
				loop[n++] = (struct span){at[l], i};
			else if (k < n && loop[k].end < i)
				loop[k].end = i;
		}
	}
	return n;
}

static int step_loops(struct ptx *x, struct ptx_step_loop *out, int max)
{
	static struct span loop[MAX_LOOPS];
	int found = 0;

	for (int k = 0; k < x->n_fns; k++) {
		const struct fn *f = &x->fn[k];
		int n = f->entry ? loops_of(x, f, loop, MAX_LOOPS) : 0;
		for (int i = 0; i < n; i++) {
			struct ptx_step_loop t = {0};
			int innermost = 1;

			add_lines(x, loop[i].head, loop[i].end, 0, &t);
			if (!t.heavy)
				continue;
			for (int j = 0; j < n && innermost; j++) {
				struct ptx_step_loop inner = {0};
				if (j == i || loop[j].head < loop[i].head ||
				    loop[j].end > loop[i].end)
					continue;
				add_lines(x, loop[j].head, loop[j].end, 0, &inner);
				innermost = !inner.heavy;
			}
			if (!innermost)
				continue;
			snprintf(t.kernel, sizeof(t.kernel), "%s", f->name);
			t.first_line = loop[i].head + 1;
			t.last_line = loop[i].end + 1;
			if (found < max)
				out[found] = t;
			found++;
		}
	}
	return found;
}

int ptx_step_loops(const char *ptx, struct ptx_step_loop *out, int max)
{
	struct ptx *x = calloc(1, sizeof(*x));
	char *text = strdup(ptx);
	int n = -1;

	if (!x || !text)
		goto done;
	x->n_lines = 1;
	for (const char *c = text; *c; c++)
		x->n_lines += *c == '\n';
	x->line = calloc((size_t)x->n_lines, sizeof(*x->line));
	x->insn = calloc((size_t)x->n_lines, sizeof(*x->insn));
	if (!x->line || !x->insn)
		goto done;
	x->n_lines = 0;
	struct insn *call = NULL; /* a call whose target is on a line below */
	for (char *s = text, *e; s; s = e) {
		char *l;
		if ((e = strchr(s, '\n')))
			*e++ = '\0';
		l = x->line[x->n_lines] = trimmed(s);
		if (call && (isalpha((unsigned char)l[0]) || strchr("_$", l[0]))) {
			size_t n = strcspn(l, " \t,;(");
			if (n < sizeof(call->callee))
				memcpy(call->callee, l, n), call->callee[n] = '\0';
			call = NULL;
		} else if (l[0] && l[0] != '.' && !strchr("{}", l[0])) {
			classify(l, &x->insn[x->n_lines]);
			if (x->insn[x->n_lines].call && !x->insn[x->n_lines].callee[0])
				call = &x->insn[x->n_lines];
		}
		x->n_lines++;
	}
	if (!strstr(ptx, ".version") || find_functions(x))
		goto done;
	n = step_loops(x, out, max);
done:
	if (x) {
		free(x->line);
		free(x->insn);
	}
	free(x);
	free(text);
	return n;
}

int ptx_step_loops_file(const char *path, struct ptx_step_loop *out, int max)
{
	FILE *f = fopen(path, "rb");
	char *text = malloc(MAX_PTX + 1);
	size_t len;
	int n = -1;

	if (f && text) {
		len = fread(text, 1, MAX_PTX, f);
		text[len] = '\0';
		if (!ferror(f) && len < MAX_PTX)
			n = ptx_step_loops(text, out, max);
	}
	if (f)
		fclose(f);
	free(text);
	return n;
}
