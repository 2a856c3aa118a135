/*
 * make skeletons and the drift check on a checkout that may hold somebody's work (a
 * student's clone of the course): what the generator did not write is never
 * overwritten or removed, and is drift only in the course's own checkout (--strict).
 * Whose a file is comes from the manifest (skelguard.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "skelgen.h"
#include "skeltree.h"

/* Keeps somebody's @p path as PATH.mine before it is replaced (--force). */
static int keep_mine(const char *path, FILE *log, char *err, size_t size)
{
	char *mine = malloc(strlen(path) + 6);
	int rc = 0;

	if (!mine)
		return tree_fail(err, size, "%s: error: out of memory", path);
	sprintf(mine, "%s.mine", path);
	if (!access(mine, F_OK))
		rc =
		    tree_fail(err, size, "%s: error: %s exists already: move it first", path, mine);
	else if (rename(path, mine))
		rc = tree_sys_fail(err, size, "keep a copy of", path);
	else if (log)
		fprintf(log, "  KEPT  %s (your version, as %s)\n", path, mine);
	free(mine);
	return rc;
}

/* The generated files that are somebody's work and would change: each named in @p err,
 * or with @p force kept as FILE.mine; returns how many, or -1 when one could not be
 * kept. */
static int take_conflicts(const char *dst, const struct gen_tree *t, const struct guard *g,
			  int force, FILE *log, char *err, size_t size)
{
	int n = 0;

	for (size_t i = 0; n >= 0 && i < t->n; i++) {
		char *path = tree_join(dst, t->v[i].rel);

		if (path && tree_file_state(path, &t->v[i]) == FILE_DIFFERENT &&
		    guard_owner(g, dst, t->v[i].rel) == OWNER_SOMEBODY) {
			if (force && keep_mine(path, log, err, size))
				n = -1;
			else if (force)
				n++;
			else {
				tree_fail(err, size,
					  "%s: has changes that make skeletons did not write (your "
					  "work?): it would be overwritten",
					  path);
				n++;
			}
		}
		free(path);
	}
	return n;
}

/* The tree @p src generates and the manifest of what was last written: 0, or -1. */
static int load_both(const char *src, const char *manifest, struct gen_tree *t, struct guard *g,
		     char *err, size_t size)
{
	if (err && size)
		err[0] = '\0';
	if (tree_load(src, t, err, size))
		return -1;
	if (guard_read(manifest, g, err, size)) {
		tree_free(t);
		return -1;
	}
	return 0;
}

/* Removes the generator's own files that no longer have a source; keeps the rest. */
static int remove_stale_own(const char *dst, const struct gen_tree *t, const struct guard *g,
			    FILE *log, char *err, size_t size)
{
	struct name_list l = {0};
	int rc = tree_list_files(dst, &l, err, size);

	for (size_t i = 0; !rc && i < l.n; i++) {
		char *path;

		if (tree_has(t, l.v[i]))
			continue;
		path = tree_join(dst, l.v[i]);
		if (!path)
			rc = tree_fail(err, size, "%s: error: out of memory", dst);
		else if (guard_owner(g, dst, l.v[i]) != OWNER_GENERATOR) {
			if (log)
				fprintf(log, "  KEEP  %s (not written by make skeletons)\n", path);
		} else if (unlink(path))
			rc = tree_sys_fail(err, size, "remove", path);
		else if (log)
			fprintf(log, "  RM    %s\n", path);
		free(path);
	}
	tree_free_list(&l);
	return rc;
}

int skel_generate_guarded(const char *src_dir, const char *dst_dir, const struct skel_guard_opts *o,
			  FILE *log, char *err, size_t err_size)
{
	struct gen_tree t;
	struct guard g;
	int rc, conflicts;

	if (load_both(src_dir, o->manifest, &t, &g, err, err_size))
		return -1;
	rc = sync_make_dirs(dst_dir, 1, err, err_size);
	if (!rc)
		rc = sync_check_overlap(src_dir, dst_dir, err, err_size);
	conflicts = rc ? 0 : take_conflicts(dst_dir, &t, &g, o->force, log, err, err_size);
	if (conflicts < 0)
		rc = -1;
	else if (conflicts && !o->force)
		rc = tree_fail(err, err_size,
			       "make skeletons: nothing written, so that no work is lost. Copy "
			       "the %d file(s) above elsewhere first, or run 'make skeletons "
			       "FORCE=1', which keeps each as FILE.mine before replacing it",
			       conflicts);
	if (!rc)
		rc = remove_stale_own(dst_dir, &t, &g, log, err, err_size);
	for (size_t i = 0; !rc && i < t.n; i++) {
		char *path = tree_join(dst_dir, t.v[i].rel);

		if (!path)
			rc = tree_fail(err, err_size, "%s: error: out of memory", dst_dir);
		else if (tree_file_state(path, &t.v[i]) != FILE_SAME) {
			rc = sync_make_dirs(path, 0, err, err_size);
			if (!rc)
				rc = sync_write_file(path, &t.v[i], err, err_size);
			if (!rc && log)
				fprintf(log, "  %s  %s\n",
					skel_is_source(t.v[i].rel) ? "SKEL" : "COPY", path);
		}
		free(path);
	}
	if (!rc)
		rc = guard_write(o->manifest, &t, err, err_size);
	guard_free(&g);
	tree_free(&t);
	return rc;
}

/* One generated file against the manifest and the tree: its differences, logged. */
static int check_one(const char *src, const char *dst, const struct gen_file *f,
		     const struct guard *g, const struct skel_guard_opts *o, FILE *log)
{
	char *want = tree_join(dst, f->rel);
	enum file_state state = want ? tree_file_state(want, f) : FILE_MISSING;
	uint64_t h;
	int drift = 0;

	if (!guard_lookup(g, f->rel, &h) || h != guard_hash(f->data, f->len)) {
		drift++;
		if (log)
			fprintf(
			    log,
			    "%s/%s: changed since make skeletons last ran (%s is out of date)\n",
			    src, f->rel, o->manifest);
	}
	if (state == FILE_MISSING) {
		drift++;
		if (log)
			fprintf(log, "%s: missing (generated from %s/%s)\n", want, src, f->rel);
	} else if (state == FILE_DIFFERENT && guard_owner(g, dst, f->rel) != OWNER_GENERATOR) {
		drift += o->strict;
		if (log)
			fprintf(log,
				o->strict
				    ? "%s: edited by hand (labs/ is generated: edit solutions/ "
				      "and run make skeletons)\n"
				    : "%s: has your edits: not compared (the drift check is the "
				      "course's own: STRICT_SKELETONS=1)\n",
				want);
	}
	free(want);
	return drift;
}

int skel_check_guarded(const char *src_dir, const char *dst_dir, const struct skel_guard_opts *o,
		       FILE *log, char *err, size_t err_size)
{
	struct gen_tree t;
	struct guard g;
	struct name_list l = {0};
	int drift = 0;

	if (load_both(src_dir, o->manifest, &t, &g, err, err_size))
		return -1;
	for (size_t i = 0; i < t.n; i++)
		drift += check_one(src_dir, dst_dir, &t.v[i], &g, o, log);
	for (size_t i = 0; i < g.n; i++) /* lines of files the generator no longer writes */
		if (!tree_has(&t, g.rel[i])) {
			drift++;
			if (log)
				fprintf(log, "%s: lists %s, which nothing generates now\n",
					o->manifest, g.rel[i]);
		}
	if (access(dst_dir, F_OK) == 0 && tree_list_files(dst_dir, &l, err, err_size))
		drift = -1;
	for (size_t i = 0; drift >= 0 && i < l.n; i++) {
		if (tree_has(&t, l.v[i]))
			continue;
		int own = guard_owner(&g, dst_dir, l.v[i]) == OWNER_GENERATOR;
		drift += own || o->strict;
		if (log)
			fprintf(log,
				own	    ? "%s/%s: stale (no source in %s)\n"
				: o->strict ? "%s/%s: extra (no source in %s)\n"
					    : "%s/%s: yours (no source in %s): not compared\n",
				dst_dir, l.v[i], src_dir);
	}
	tree_free_list(&l);
	guard_free(&g);
	tree_free(&t);
	return drift;
}
