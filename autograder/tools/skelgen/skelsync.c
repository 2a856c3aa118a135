/*
 * Brings a generated tree in line with its solution tree (skel_generate) or
 * reports how far it is from it (skel_check).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "skelgen.h"
#include "skeltree.h"

/* Creates every directory above @path, and @path itself when @self is set. */
int sync_make_dirs(const char *path, int self, char *err, size_t size)
{
	char *p = strdup(path), *s;
	int rc = 0;

	if (!p)
		return tree_fail(err, size, "%s: error: out of memory", path);
	for (s = p + 1; !rc && *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) && errno != EEXIST)
			rc = tree_sys_fail(err, size, "create directory", p);
		*s = '/';
	}
	if (!rc && self && mkdir(p, 0777) && errno != EEXIST)
		rc = tree_sys_fail(err, size, "create directory", p);
	free(p);
	return rc;
}

static int same_inode(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* True when directory @inner is @outer or lies below it: climbs ".." up to the root. */
static int is_within(const char *inner, const struct stat *outer)
{
	char *p = strdup(inner), *up;
	struct stat st, prev;
	int depth, within = 0;

	memset(&prev, 0, sizeof(prev));
	for (depth = 0; p && depth < 256 && !stat(p, &st); depth++) {
		within = same_inode(&st, outer);
		/* At the root, ".." is the directory itself. */
		if (within || (depth && same_inode(&st, &prev)))
			break;
		prev = st;
		up = tree_join(p, "..");
		free(p);
		p = up;
	}
	free(p);
	return within;
}

/*
 * Overlapping trees would be destroyed: generating into solutions/ overwrites the
 * answers, and a destination above the sources deletes them as stale files.
 */
int sync_check_overlap(const char *src, const char *dst, char *err, size_t size)
{
	struct stat s, d;

	if (stat(src, &s))
		return tree_sys_fail(err, size, "open directory", src);
	if (stat(dst, &d))
		return tree_sys_fail(err, size, "open directory", dst);
	if (!is_within(dst, &s) && !is_within(src, &d))
		return 0;
	/* clang-format off */
	return tree_fail(err, size, "%s: error: the destination overlaps the source tree %s; refusing to write", dst, src);
	/* clang-format on */
}

int sync_write_file(const char *path, const struct gen_file *g, char *err, size_t size)
{
	struct stat st;
	size_t done = 0;
	int fd;

	/* Replace a link rather than write through it, to somewhere outside the tree. */
	if (!lstat(path, &st) && S_ISLNK(st.st_mode) && unlink(path))
		return tree_sys_fail(err, size, "remove link", path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW,
		  (g->mode & 0777) | S_IRUSR | S_IWUSR);
	if (fd < 0)
		return tree_sys_fail(err, size, "write", path);
	while (done < g->len) {
		ssize_t n = write(fd, g->data + done, g->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int saved = errno;

			close(fd);
			errno = saved;
			return tree_sys_fail(err, size, "write", path);
		}
		done += (size_t)n;
	}
	if (close(fd))
		return tree_sys_fail(err, size, "write", path);
	return 0;
}

static int remove_stale(const char *dst, const struct gen_tree *t, FILE *log, char *err,
			size_t size)
{
	struct name_list l = {0};
	size_t i;
	int rc = tree_list_files(dst, &l, err, size);

	for (i = 0; !rc && i < l.n; i++) {
		char *path;

		if (tree_has(t, l.v[i]))
			continue;
		path = tree_join(dst, l.v[i]);
		if (!path)
			rc = tree_fail(err, size, "%s: error: out of memory", dst);
		else if (unlink(path))
			rc = tree_sys_fail(err, size, "remove", path);
		else if (log)
			fprintf(log, "  RM    %s\n", path);
		free(path);
	}
	tree_free_list(&l);
	return rc;
}

/* Rewrites only files whose bytes change, so that make sees no spurious updates. */
static int update_one(const char *dst, const struct gen_file *g, FILE *log, char *err, size_t size)
{
	char *path = tree_join(dst, g->rel);
	int rc = 0;

	if (!path)
		return tree_fail(err, size, "%s: error: out of memory", dst);
	if (tree_file_state(path, g) != FILE_SAME) {
		rc = sync_make_dirs(path, 0, err, size);
		if (!rc)
			rc = sync_write_file(path, g, err, size);
		if (!rc && log)
			fprintf(log, "  %s  %s\n", skel_is_source(g->rel) ? "SKEL" : "COPY", path);
	}
	free(path);
	return rc;
}

int skel_generate(const char *src_dir, const char *dst_dir, FILE *log, char *err, size_t err_size)
{
	struct gen_tree t;
	size_t i;
	int rc;

	if (err && err_size)
		err[0] = '\0';
	if (tree_load(src_dir, &t, err, err_size))
		return -1;
	rc = sync_make_dirs(dst_dir, 1, err, err_size);
	if (!rc)
		rc = sync_check_overlap(src_dir, dst_dir, err, err_size);
	if (!rc)
		rc = remove_stale(dst_dir, &t, log, err, err_size);
	for (i = 0; !rc && i < t.n; i++)
		rc = update_one(dst_dir, &t.v[i], log, err, err_size);
	tree_free(&t);
	return rc;
}

/* Lists files under @dst that generating would remove; a missing @dst has none. */
static int count_extra(const char *src, const char *dst, const struct gen_tree *t, FILE *log,
		       char *err, size_t size)
{
	struct name_list l = {0};
	struct stat st;
	size_t i;
	int extra = 0;

	if (lstat(dst, &st) && errno == ENOENT)
		return 0;
	if (tree_list_files(dst, &l, err, size))
		extra = -1;
	for (i = 0; extra >= 0 && i < l.n; i++) {
		char *path;

		if (tree_has(t, l.v[i]))
			continue;
		path = tree_join(dst, l.v[i]);
		if (!path)
			extra = tree_fail(err, size, "%s: error: out of memory", dst);
		else
			extra++;
		if (path && log)
			fprintf(log, "%s: extra (no source in %s)\n", path, src);
		free(path);
	}
	tree_free_list(&l);
	return extra;
}

int skel_check(const char *src_dir, const char *dst_dir, FILE *log, char *err, size_t err_size)
{
	struct gen_tree t;
	size_t i;
	int drift = 0, extra;

	if (err && err_size)
		err[0] = '\0';
	if (tree_load(src_dir, &t, err, err_size))
		return -1;
	for (i = 0; drift >= 0 && i < t.n; i++) {
		char *want = tree_join(dst_dir, t.v[i].rel), *from = tree_join(src_dir, t.v[i].rel);
		enum file_state state = want && from ? tree_file_state(want, &t.v[i]) : FILE_SAME;

		if (!want || !from)
			drift = tree_fail(err, err_size, "%s: error: out of memory", dst_dir);
		else if (state != FILE_SAME)
			drift++;
		if (log && state == FILE_MISSING)
			fprintf(log, "%s: missing (generated from %s)\n", want, from);
		if (log && state == FILE_DIFFERENT)
			fprintf(log, "%s: drifted (differs from what %s generates)\n", want, from);
		free(want);
		free(from);
	}
	extra = drift < 0 ? -1 : count_extra(src_dir, dst_dir, &t, log, err, err_size);
	tree_free(&t);
	return extra < 0 ? -1 : drift + extra;
}
