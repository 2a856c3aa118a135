/**
 * @file landlock.h
 * @brief Landlock rulesets for the processes that handle a submission: its runner
 *        (sandbox.c) and its build (confine.c). Writes go only where a rule allows
 *        them; reads go everywhere but the hidden folders (the course, the class, the
 *        temporary folders), less what a rule gives back inside them.
 */
#ifndef RPC_LANDLOCK_H
#define RPC_LANDLOCK_H

#include <stdint.h>

/** @brief A ruleset being built; ll_begin() fills it. */
struct ll_rules {
	int fd;	     /**< the ruleset, or -1 when this kernel has no Landlock */
	int abi;     /**< Landlock's ABI version (0: none) */
	uint64_t fs; /**< the file-system rights it handles */
};

/** @brief What a rule may grant: reading (files, folders, executing) or writing. */
enum { LL_READ = 1, LL_WRITE = 2 };

/**
 * @brief Starts a ruleset that handles writes, and reads too when @p reads is
 *        nonzero; with Landlock ABI 4 and 6 it also forbids TCP and scopes signals and
 *        abstract sockets to the sandbox. Returns 0, or -1 with errno set when Landlock
 *        exists but refused (no Landlock at all: 0, with r->fd == -1).
 */
int ll_begin(struct ll_rules *r, int reads);

/** @brief Grants @p what (LL_READ, LL_WRITE) beneath @p path (a folder or a file). */
int ll_allow(struct ll_rules *r, const char *path, int what);

/**
 * @brief Grants reading everywhere except beneath the folders of @p hidden (a
 *        NULL-terminated list; missing ones are ignored): each folder on the way to a
 *        hidden one is not listable, its other entries are granted one by one.
 */
int ll_allow_reads_except(struct ll_rules *r, const char *const *hidden);

/** @brief Applies the ruleset to this process and its future children. */
int ll_enforce(struct ll_rules *r);

#endif /* RPC_LANDLOCK_H */
