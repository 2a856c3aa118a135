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
	fputs("usage: skelgen generate SRC DST [--manifest FILE [--force]]\n"
	      "           write the skeleton of every file of SRC into DST; with a manifest,\n"
	      "           never over a file changed since it was written (--force: keep it as\n"
	      "           FILE.mine first), and record what was written\n"
	      "       skelgen check SRC DST [--manifest FILE [--strict]]\n"
	      "           exit 1 unless DST is what generate would write; with a manifest,\n"
	      "           files changed since they were written are somebody's work, drift\n"
	      "           only with --strict (the course's own checkout)\n",
	      out);
	return status;
}

static int run_generate(const char *src, const char *dst, const struct skel_guard_opts *o)
{
	static char err[ERR_SIZE];
	int rc = o->manifest ? skel_generate_guarded(src, dst, o, stdout, err, sizeof(err))
			     : skel_generate(src, dst, stdout, err, sizeof(err));

	if (rc) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	return 0;
}

static int run_check(const char *src, const char *dst, const struct skel_guard_opts *o)
{
	static char err[ERR_SIZE];
	int drift = o->manifest ? skel_check_guarded(src, dst, o, stderr, err, sizeof(err))
				: skel_check(src, dst, stderr, err, sizeof(err));

	if (drift < 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	if (drift > 0) {
		/* clang-format off */
		fputs("labs/ is out of date with solutions/: run 'make skeletons' and commit the result (never edit labs/ by hand in the course's own checkout)\n", stderr);
		/* clang-format on */
		return 1;
	}
	return 0;
}

/**
 * @brief Dispatches the command line.
 * @param argc argument count.
 * @param argv "generate SRC DST [options]", "check SRC DST [options]" or "--help".
 * @return 0 on success, 1 on a marker error or a drifted tree, 2 on a usage error.
 */
int main(int argc, char **argv)
{
	struct skel_guard_opts o = {0};

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		return usage(stdout, 0);
	if (argc < 4 || !*argv[2] || !*argv[3])
		return usage(stderr, 2);
	for (int i = 4; i < argc; i++) {
		if (!strcmp(argv[i], "--manifest") && i + 1 < argc && *argv[i + 1])
			o.manifest = argv[++i];
		else if (!strcmp(argv[i], "--force"))
			o.force = 1;
		else if (!strcmp(argv[i], "--strict"))
			o.strict = 1;
		else
			return usage(stderr, 2);
	}
	if ((o.force || o.strict) && !o.manifest)
		return usage(stderr, 2);
	if (!strcmp(argv[1], "generate") && !o.strict)
		return run_generate(argv[2], argv[3], &o);
	if (!strcmp(argv[1], "check") && !o.force)
		return run_check(argv[2], argv[3], &o);
	return usage(stderr, 2);
}
