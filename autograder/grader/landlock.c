/*
 * Landlock rulesets (see landlock.h). The kernel's headers may be older than the
 * kernel, so the rights and the ruleset's layout are spelled out here.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "landlock.h"

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule	    445
#define SYS_landlock_restrict_self  446
#endif

#define FS_EXECUTE     (1ULL << 0)
#define FS_WRITE_FILE  (1ULL << 1)
#define FS_READ_FILE   (1ULL << 2)
#define FS_READ_DIR    (1ULL << 3)
#define FS_WRITE_DIRS  (0x1ff0ULL)  /* remove and make: bits 4 to 12 */
#define FS_REFER       (1ULL << 13) /* ABI 2 */
#define FS_TRUNCATE    (1ULL << 14) /* ABI 3 */
#define FS_FILE_ONLY   (FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE)
#define NET_TCP	       (3ULL) /* ABI 4: bind and connect */
#define SCOPE_ALL      (3ULL) /* ABI 6: abstract unix sockets and signals */
#define CREATE_VERSION (1U << 0)
#define RULE_PATH      1

struct ruleset_attr {
	uint64_t fs, net, scoped;
};

struct path_beneath {
	uint64_t allowed;
	int32_t parent_fd;
} __attribute__((packed));

static uint64_t reads(void)
{
	return FS_EXECUTE | FS_READ_FILE | FS_READ_DIR;
}

static uint64_t writes(int abi)
{
	return FS_WRITE_FILE | FS_WRITE_DIRS | (abi >= 2 ? FS_REFER : 0) |
	       (abi >= 3 ? FS_TRUNCATE : 0);
}

int ll_begin(struct ll_rules *r, int with_reads)
{
	struct ruleset_attr attr = {0};
	size_t size = sizeof(attr.fs);
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, CREATE_VERSION);

	r->fd = -1;
	r->abi = abi > 0 ? (int)abi : 0;
	if (r->abi < 1)
		return 0; /* no Landlock in this kernel */
	attr.fs = writes(r->abi) | (with_reads ? reads() : 0);
	if (r->abi >= 4)
		attr.net = NET_TCP, size = 2 * sizeof(uint64_t);
	if (r->abi >= 6)
		attr.scoped = SCOPE_ALL, size = sizeof(attr);
	r->fs = attr.fs;
	r->fd = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
	return r->fd < 0 ? -1 : 0;
}

int ll_allow(struct ll_rules *r, const char *path, int what)
{
	struct path_beneath rule;
	struct stat st;
	int fd, rc;

	if (r->fd < 0)
		return 0;
	fd = open(path, O_PATH | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1; /* nothing there: nothing to grant */
	rule.allowed = ((what & LL_READ) ? reads() : 0) | ((what & LL_WRITE) ? writes(r->abi) : 0);
	if (!fstat(fd, &st) && !S_ISDIR(st.st_mode))
		rule.allowed &= FS_FILE_ONLY;
	rule.allowed &= r->fs;
	rule.parent_fd = fd;
	rc = rule.allowed ? (int)syscall(SYS_landlock_add_rule, r->fd, RULE_PATH, &rule, 0) : 0;
	close(fd);
	return rc;
}

/* Is @p path one of @p hidden (0), a folder above one (1), or neither (-1)? */
static int relation(const char *path, char *const *hidden, int n)
{
	size_t len = strlen(path);
	int above = 0;

	for (int i = 0; i < n; i++) {
		if (!strcmp(hidden[i], path))
			return 0;
		if (!strcmp(path, "/") || (!strncmp(hidden[i], path, len) && hidden[i][len] == '/'))
			above = 1;
	}
	return above ? 1 : -1;
}

static int walk(struct ll_rules *r, const char *dir, char *const *hidden, int n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	if (!d)
		return 0; /* unreadable already: nothing to grant */
	while (rc == 0 && (e = readdir(d))) {
		char child[PATH_MAX];
		struct stat st;
		int rel;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(child, sizeof(child), "%s/%s", strcmp(dir, "/") ? dir : "", e->d_name);
		/* a link is reached through its target, which is judged on its own */
		if (lstat(child, &st) || S_ISLNK(st.st_mode))
			continue;
		rel = relation(child, hidden, n);
		if (rel == 1 && S_ISDIR(st.st_mode))
			rc = walk(r, child, hidden, n);
		else if (rel < 0)
			rc = ll_allow(r, child, LL_READ);
	}
	closedir(d);
	return rc;
}

int ll_allow_reads_except(struct ll_rules *r, const char *const *hidden)
{
	char *real[64] = {0};
	int n = 0, rc;

	if (r->fd < 0)
		return 0;
	for (int i = 0; hidden[i] && n < 64; i++) {
		char *p = realpath(hidden[i], NULL);
		if (p && strcmp(p, "/"))
			real[n++] = p;
		else
			free(p);
	}
	rc = walk(r, "/", real, n);
	while (n)
		free(real[--n]);
	return rc;
}

int ll_enforce(struct ll_rules *r)
{
	int rc;

	if (r->fd < 0)
		return 0;
	rc = (int)syscall(SYS_landlock_restrict_self, r->fd, 0);
	close(r->fd);
	r->fd = -1;
	return rc;
}
