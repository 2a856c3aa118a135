/**
 * @file skeltree.h
 * @brief Internal to skelgen: the in-memory generated tree shared by the reading
 *        side (skeltree.c) and the writing and checking side (skelsync.c).
 */
#ifndef SKELTREE_H
#define SKELTREE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/** @brief A growable list of malloc()ed strings (relative file paths). */
struct name_list {
	char **v;   /**< the strings, owned by the list */
	size_t n;   /**< number in use */
	size_t cap; /**< number allocated */
};

/** @brief One generated file: where it goes, relative to the tree root, and its bytes. */
struct gen_file {
	char *rel;   /**< path relative to the root, '/'-separated */
	char *data;  /**< generated content */
	size_t len;  /**< bytes in @c data */
	mode_t mode; /**< permission bits of the source */
};

/** @brief All generated files, sorted by @c rel. */
struct gen_tree {
	struct gen_file *v; /**< the files */
	size_t n;	    /**< how many */
};

/** @brief How a file on disk compares with the one that should be there. */
enum file_state {
	FILE_SAME,	/**< same bytes */
	FILE_DIFFERENT, /**< a regular file with other bytes, or unreadable */
	FILE_MISSING,	/**< absent, or not a regular file */
};

/**
 * @brief Appends a formatted line to @p err, so that a run can list every error.
 * @param err message buffer, already a NUL-terminated string (may be NULL).
 * @param size size of @p err; text that does not fit is dropped.
 * @param fmt printf format of the line, without its newline.
 * @return -1, so that callers can return it directly.
 */
int tree_fail(char *err, size_t size, const char *fmt, ...);

/**
 * @brief Appends "path: error: cannot WHAT: strerror(errno)" to @p err.
 * @param err message buffer (may be NULL).
 * @param size size of @p err.
 * @param what the failed action, e.g. "read".
 * @param path the file it failed on.
 * @return -1.
 */
int tree_sys_fail(char *err, size_t size, const char *what, const char *path);

/**
 * @brief Joins @p dir and @p name with exactly one '/', whatever slashes end @p dir.
 * @param dir directory path, non-empty.
 * @param name relative path; "" gives a copy of @p dir.
 * @return a malloc()ed string, or NULL when memory runs out.
 */
char *tree_join(const char *dir, const char *name);

/**
 * @brief Lists the regular files under @p root, sorted; links are not followed.
 * @param root directory to walk.
 * @param l receives the relative paths; free it with tree_free_list().
 * @param err receives an error line on failure.
 * @param size size of @p err.
 * @return 0, or -1 when a directory cannot be read.
 */
int tree_list_files(const char *root, struct name_list *l, char *err, size_t size);

/**
 * @brief Frees the strings of @p l and its array.
 * @param l list to free; left empty.
 */
void tree_free_list(struct name_list *l);

/**
 * @brief Reads a whole file.
 * @param path file to read.
 * @param data receives a malloc()ed buffer with its bytes.
 * @param len receives their number.
 * @return 0, or -1 with errno set by the failing call.
 */
int tree_read_all(const char *path, char **data, size_t *len);

/**
 * @brief Builds the tree that generating @p src gives, validating every file.
 * @param src solution tree.
 * @param t receives the tree; free it with tree_free().
 * @param err receives one line per failing file (all of them are tried).
 * @param size size of @p err.
 * @return 0, or -1 on any marker or I/O error (then @p t is empty).
 */
int tree_load(const char *src, struct gen_tree *t, char *err, size_t size);

/**
 * @brief Frees every file of @p t.
 * @param t tree to free; left empty.
 */
void tree_free(struct gen_tree *t);

/**
 * @brief Tells whether @p t has a file at @p rel.
 * @param t tree, sorted by path.
 * @param rel relative path.
 * @return 1 if it has, 0 if not.
 */
int tree_has(const struct gen_tree *t, const char *rel);

/**
 * @brief Compares the file at @p path with the generated file @p g.
 * @param path file on disk.
 * @param g what should be there.
 * @return its state; links and directories count as missing.
 */
enum file_state tree_file_state(const char *path, const struct gen_file *g);

/** @brief Creates every directory above @p path, and @p path itself with @p self. */
int sync_make_dirs(const char *path, int self, char *err, size_t size);

/** @brief -1 (and why in @p err) when @p src and @p dst overlap: nothing may be written. */
int sync_check_overlap(const char *src, const char *dst, char *err, size_t size);

/** @brief Writes @p g to @p path, replacing a link rather than writing through it. */
int sync_write_file(const char *path, const struct gen_file *g, char *err, size_t size);

/** @brief What the generator last wrote (skelguard.c): a hash per relative path. */
struct guard {
	char **rel;	/**< the paths, owned */
	uint64_t *hash; /**< their hashes (guard_hash) */
	size_t n, cap;	/**< in use, allocated */
	int present;	/**< the manifest file exists */
};

/** @brief Whose a file of the generated tree is. */
enum owner {
	OWNER_NONE,	 /**< no such file */
	OWNER_GENERATOR, /**< as the generator last wrote it */
	OWNER_SOMEBODY	 /**< changed since, or never written by it: somebody's work */
};

/** @brief The hash the manifest keeps of @p len bytes at @p data. */
uint64_t guard_hash(const char *data, size_t len);

/** @brief Reads the manifest at @p path into @p g (a missing one is empty). 0 or -1. */
int guard_read(const char *path, struct guard *g, char *err, size_t size);

/** @brief Writes the manifest of @p t to @p path (atomically). 0 or -1. */
int guard_write(const char *path, const struct gen_tree *t, char *err, size_t size);

/** @brief 1 and the hash in @p h when @p g lists @p rel, else 0. */
int guard_lookup(const struct guard *g, const char *rel, uint64_t *h);

/** @brief Whose the file @p rel under @p dst is, by the manifest @p g. */
enum owner guard_owner(const struct guard *g, const char *dst, const char *rel);

/** @brief Frees @p g. */
void guard_free(struct guard *g);

#endif /* SKELTREE_H */
