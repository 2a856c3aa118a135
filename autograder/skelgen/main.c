/*
 * The skelgen command: `make skeletons` runs "generate", `make test` runs
 * "check" so that labs/ can never silently drift from solutions/.
 */
#include <stdio.h>
#include <string.h>

#include "skelgen.h"

/* Room for one error line per broken file of a whole course. */
#define ERR_SIZE (64 * SKEL_ERR_SIZE)

static int usage(FILE *out, int status)
{
	fputs("usage: skelgen generate SRC DST   write the skeleton of every file of SRC into DST\n"
	      "       skelgen check SRC DST      exit 1 unless DST is what generate would write\n",
	      out);
	return status;
}

static int run_generate(const char *src, const char *dst)
{
	static char err[ERR_SIZE];

	if (skel_generate(src, dst, stdout, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	return 0;
}

static int run_check(const char *src, const char *dst)
{
	static char err[ERR_SIZE];
	int drift = skel_check(src, dst, stderr, err, sizeof(err));

	if (drift < 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	if (drift > 0) {
		/* clang-format off */
		fputs("labs/ is out of date with solutions/: run 'make skeletons' and commit the result (never edit labs/ by hand)\n", stderr);
		/* clang-format on */
		return 1;
	}
	return 0;
}

/**
 * @brief Dispatches the command line.
 * @param argc argument count.
 * @param argv "generate SRC DST", "check SRC DST" or "--help".
 * @return 0 on success, 1 on a marker error or a drifted tree, 2 on a usage error.
 */
int main(int argc, char **argv)
{
	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		return usage(stdout, 0);
	if (argc != 4 || !*argv[2] || !*argv[3])
		return usage(stderr, 2);
	if (!strcmp(argv[1], "generate"))
		return run_generate(argv[2], argv[3]);
	if (!strcmp(argv[1], "check"))
		return run_check(argv[2], argv[3]);
	return usage(stderr, 2);
}
