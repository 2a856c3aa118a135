/*
 * confine: runs one step of a submission's build (its compiler) so that it reads only
 * the toolchain and the folders and files it is given, and writes only its output
 * folder.
 *
 *   confine [--read DIR]... [--write DIR]... [--hide DIR]... [--tmp DIR] -- CMD [ARG]...
 *   confine --probe        exit 0 where the kernel confines builds (Landlock), else 1
 *
 * Reads go everywhere except beneath each --hide folder, /tmp and /var/tmp, and
 * beneath every --read and --write folder even inside a hidden one; --tmp is made and
 * becomes TMPDIR (nvcc's and gcc's temporary files). Without Landlock (Linux before
 * 5.13) the command runs unconfined: grade-lab.sh says so once.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "landlock.h"

#define MAX_DIRS 128

static int usage(void)
{
	fprintf(stderr, "usage: confine [--read DIR]... [--write DIR]... [--hide DIR]... "
			"[--tmp DIR] -- CMD [ARG]...\n       confine --probe\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *readable[MAX_DIRS], *writable[MAX_DIRS + 1], *hidden[MAX_DIRS + 3];
	const char *tmp = NULL;
	int nr = 0, nw = 0, nh = 0, i, rc = 0;
	struct ll_rules r;

	if (argc == 2 && !strcmp(argv[1], "--probe"))
		return ll_begin(&r, 1) == 0 && r.fd >= 0 ? 0 : 1;
	hidden[nh++] = "/tmp", hidden[nh++] = "/var/tmp";
	for (i = 1; i < argc && strcmp(argv[i], "--"); i += 2) {
		if (i + 1 >= argc || nr == MAX_DIRS || nw == MAX_DIRS || nh == MAX_DIRS + 2)
			return usage();
		if (!strcmp(argv[i], "--read"))
			readable[nr++] = argv[i + 1];
		else if (!strcmp(argv[i], "--write"))
			writable[nw++] = argv[i + 1];
		else if (!strcmp(argv[i], "--hide"))
			hidden[nh++] = argv[i + 1];
		else if (!strcmp(argv[i], "--tmp"))
			tmp = argv[i + 1];
		else
			return usage();
	}
	if (i + 1 >= argc)
		return usage();
	hidden[nh] = NULL;
	if (tmp) {
		if (mkdir(tmp, 0700) && errno != EEXIST)
			return perror(tmp), 1;
		setenv("TMPDIR", tmp, 1);
		writable[nw++] = tmp;
	}
	if (ll_begin(&r, 1))
		return perror("confine: Landlock refused a ruleset"), 1;
	rc |= ll_allow_reads_except(&r, hidden);
	for (int k = 0; k < nr; k++)
		rc |= ll_allow(&r, readable[k], LL_READ);
	for (int k = 0; k < nw; k++)
		rc |= ll_allow(&r, writable[k], LL_READ | LL_WRITE);
	rc |= ll_allow(&r, "/dev/null", LL_WRITE);
	if (rc || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || ll_enforce(&r))
		return perror("confine: the build's restrictions could not be applied"), 1;
	execvp(argv[i + 1], argv + i + 1);
	perror(argv[i + 1]);
	return 127;
}
