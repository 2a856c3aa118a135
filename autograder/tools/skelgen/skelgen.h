/**
 * @file skelgen.h
 * @brief Turns the solutions into student skeletons: every
 *        BEGIN/END SOLUTION block is cut out and the SKELETON comment that follows
 *        it is put in its place, so solutions/ stays the single source of truth.
 *
 * The markers are comments alone on their lines (surrounding blanks allowed); their
 * delimiters are left out here because comments do not nest:
 *   - "BEGIN SOLUTION" ... "END SOLUTION" enclose an answer, removed with both markers;
 *   - an optional "SKELETON" comment opener may follow END (only blank lines between);
 *     its lines, up to a line that is only the comment closer, are the skeleton code
 *     and are emitted verbatim, the opener and closer lines being dropped.
 * Every other line is copied unchanged. autograder/DEVELOPING.md,
 * "Developing the course", shows a full example.
 *
 * Anything else that looks like a marker is rejected, because a typo would
 * otherwise leak an answer to students. Only C and CUDA sources (.c .h .cu .cuh)
 * are transformed; other files are copied byte for byte.
 */
#ifndef SKELGEN_H
#define SKELGEN_H

#include <stddef.h>
#include <stdio.h>

/** @brief A good size for error buffers; a longer message is cut short, never overflowed. */
#define SKEL_ERR_SIZE 1024

/**
 * @brief Tells whether the file named @p path is transformed (a C or CUDA source).
 * @param path file name or path; only its extension matters.
 * @return 1 for .c .h .cu .cuh, 0 for anything else (copied verbatim).
 */
int skel_is_source(const char *path);

/**
 * @brief Produces the skeleton of one source file held in memory.
 *
 * Lines keep their own terminators (LF, CRLF or none at the end of the buffer);
 * markers are recognised after trimming blanks and a trailing CR. The first marker
 * error stops the transform.
 *
 * @param name file name used in error messages (e.g. "solutions/01-pair/pair.cu").
 * @param in input bytes; need not be NUL-terminated.
 * @param len number of bytes in @p in.
 * @param out on success, a malloc()ed buffer the caller frees; it is NUL-terminated
 *            for convenience, the terminator not counted in @p out_len. Set to NULL on
 *            failure.
 * @param out_len on success, the number of bytes of output.
 * @param err receives "name:LINE: error: ..." on failure (may be NULL).
 * @param err_size size of @p err (SKEL_ERR_SIZE is plenty).
 * @return 0 on success, -1 on a marker error or when memory runs out.
 */
int skel_transform(const char *name, const char *in, size_t len, char **out, size_t *out_len,
		   char *err, size_t err_size);

/**
 * @brief Writes the skeleton of every file under @p src_dir into @p dst_dir.
 *
 * Every source is read and validated before anything is written, so a marker error
 * leaves @p dst_dir untouched. Then regular files under @p dst_dir that have no
 * source are removed, and a file is (re)written only if its content changes; the
 * source's permission bits go with it. Symbolic links and special files are
 * ignored on both sides.
 *
 * @param src_dir tree of solutions (e.g. "solutions").
 * @param dst_dir tree to write (e.g. "labs"); created if missing.
 * @param log receives "  SKEL  dst/file" or "  RM    dst/file" per change (may be NULL).
 * @param err receives the errors, one per line; marker errors of all files are
 *            listed, as far as @p err_size allows (may be NULL).
 * @param err_size size of @p err.
 * @return 0 on success, -1 on a marker or I/O error.
 */
int skel_generate(const char *src_dir, const char *dst_dir, FILE *log, char *err, size_t err_size);

/**
 * @brief Compares @p dst_dir with what skel_generate() would write there.
 *
 * Nothing is written. Permission bits are not compared.
 *
 * @param src_dir tree of solutions.
 * @param dst_dir generated tree to verify; a missing one counts every file as missing.
 * @param log receives one "dst/file: drifted|missing|extra (...)" line per difference
 *            (may be NULL).
 * @param err receives the errors, as for skel_generate() (may be NULL).
 * @param err_size size of @p err.
 * @return the number of files that differ (0: up to date), or -1 on a marker or I/O
 *         error.
 */
int skel_check(const char *src_dir, const char *dst_dir, FILE *log, char *err, size_t err_size);

/** @brief How the guarded commands treat files that are somebody's work. */
struct skel_guard_opts {
	const char *manifest; /**< what the generator last wrote (skelguard.c) */
	int force;	      /**< generate: replace edited files, each kept as FILE.mine */
	int strict;	      /**< check: the course's own checkout, where labs/ holds no
			       *   work of anybody's: an edited file is drift */
};

/**
 * @brief skel_generate(), never losing work: a file of @p dst_dir that differs from
 *        what the generator last wrote (by the manifest) is somebody's, and is neither
 *        overwritten (unless @p o->force, which keeps it as FILE.mine first) nor
 *        removed; when any would be overwritten, nothing is written and each is named
 *        in @p err. The manifest is rewritten after a successful run.
 * @return 0, or -1 on an error or a refusal.
 */
int skel_generate_guarded(const char *src_dir, const char *dst_dir, const struct skel_guard_opts *o,
			  FILE *log, char *err, size_t err_size);

/**
 * @brief skel_check() for a checkout that may hold somebody's work: drift is the
 *        manifest out of date with what @p src_dir generates (solutions/ changed
 *        without make skeletons), a generated file missing, or one of the generator's
 *        files left stale; a file edited since it was written, or one the generator
 *        never wrote, is drift only with @p o->strict, and otherwise logged as
 *        somebody's work, not compared.
 * @return the number of differences, or -1 on a marker or I/O error.
 */
int skel_check_guarded(const char *src_dir, const char *dst_dir, const struct skel_guard_opts *o,
		       FILE *log, char *err, size_t err_size);

#endif /* SKELGEN_H */
