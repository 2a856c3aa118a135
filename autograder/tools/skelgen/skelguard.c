/*
 * Whose is a file of labs/: the manifest (autograder/tools/skelgen/labs.manifest, committed)
 * holds a hash of every file the generator last wrote. A file of labs/ that still has
 * that hash is the generator's, and may be rewritten or removed; any other file there
 * is somebody's work (a student's filled-in TODOs, a note of theirs) and is never
 * overwritten or removed without FORCE, which keeps a copy first.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skelgen.h"
#include "skeltree.h"

/* FNV-1a, 64 bits: telling an edited file from the one written, not a defence against
 * a forger (who could as well edit the manifest). */
uint64_t guard_hash(const char *data, size_t len)
{
	uint64_t h = 14695981039346656037ull;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)data[i]) * 1099511628211ull;
	return h;
}

void guard_free(struct guard *g)
{
	for (size_t i = 0; i < g->n; i++)
		free(g->rel[i]);
	free(g->rel);
	free(g->hash);
	*g = (struct guard){0};
}

int guard_read(const char *path, struct guard *g, char *err, size_t size)
{
	FILE *f = fopen(path, "r");
	char line[4200], rel[4097];
	uint64_t h;
	int lineno = 0;

	*g = (struct guard){0};
	if (!f)
		return errno == ENOENT ? 0 : tree_sys_fail(err, size, "read", path);
	g->present = 1;
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%" SCNx64 " %4096s", &h, rel) != 2) {
			fclose(f);
			guard_free(g);
			return tree_fail(err, size, "%s:%d: error: not 'HASH PATH'", path, lineno);
		}
		if (g->n == g->cap) {
			size_t cap = g->cap ? 2 * g->cap : 64;
			char **r = realloc(g->rel, cap * sizeof(*r));
			uint64_t *hs = r ? realloc(g->hash, cap * sizeof(*hs)) : NULL;

			if (r)
				g->rel = r;
			if (!hs) {
				fclose(f);
				guard_free(g);
				return tree_fail(err, size, "%s: error: out of memory", path);
			}
			g->hash = hs;
			g->cap = cap;
		}
		g->rel[g->n] = strdup(rel);
		g->hash[g->n++] = h;
	}
	fclose(f);
	return 0;
}

int guard_lookup(const struct guard *g, const char *rel, uint64_t *h)
{
	for (size_t i = 0; i < g->n; i++)
		if (g->rel[i] && !strcmp(g->rel[i], rel)) {
			*h = g->hash[i];
			return 1;
		}
	return 0;
}

int guard_write(const char *path, const struct gen_tree *t, char *err, size_t size)
{
	char *tmp = tree_join(path, "");
	FILE *f;

	if (!tmp || !(tmp = realloc(tmp, strlen(path) + 5)))
		return tree_fail(err, size, "%s: error: out of memory", path);
	strcat(tmp, ".new");
	f = fopen(tmp, "w");
	if (!f) {
		free(tmp);
		return tree_sys_fail(err, size, "write", path);
	}
	fputs(
	    "# What `make skeletons` last wrote into labs/ (autograder/tools/skelgen/skelguard.c):\n"
	    "# a file of labs/ with another hash is somebody's work, never overwritten.\n",
	    f);
	for (size_t i = 0; i < t->n; i++)
		fprintf(f, "%016" PRIx64 " %s\n", guard_hash(t->v[i].data, t->v[i].len),
			t->v[i].rel);
	if (fclose(f) || rename(tmp, path)) {
		free(tmp);
		return tree_sys_fail(err, size, "write", path);
	}
	free(tmp);
	return 0;
}

enum owner guard_owner(const struct guard *g, const char *dst, const char *rel)
{
	char *path = tree_join(dst, rel), *data;
	size_t len;
	uint64_t want;
	enum owner o = OWNER_NONE;

	if (path && !tree_read_all(path, &data, &len)) {
		o = guard_lookup(g, rel, &want) && want == guard_hash(data, len) ? OWNER_GENERATOR
										 : OWNER_SOMEBODY;
		free(data);
	}
	free(path);
	return o;
}
