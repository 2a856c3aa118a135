/* The skeleton generator on whole trees: generate, check, stale files, overlap. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "skelgen.h"

#define BEGIN "/* BEGIN SOLUTION */\n"
#define END   "/* END SOLUTION */\n"
#define SKEL  "/* SKELETON\n"
#define CLOSE "*/\n"

/* Each test gets a fresh temporary root holding src/ and dst/. */

#define ROOT_TEMPLATE "/tmp/skelgen-test-XXXXXX"

static char root[sizeof(ROOT_TEMPLATE)];
static char src[64], dst[64];

static char *path_of(const char *dir, const char *rel)
{
	static char buf[4][256];
	static int next;
	char *p = buf[next++ % 4];

	int n = snprintf(p, sizeof(buf[0]), "%s/%s", dir, rel);

	cr_assert(n > 0 && (size_t)n < sizeof(buf[0]), "expected a path under 256 bytes, got %d",
		  n);
	return p;
}

static void put(const char *dir, const char *rel, const char *text)
{
	char *path = path_of(dir, rel), *s;
	FILE *f;

	for (s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(path, 0777);
		*s = '/';
	}
	f = fopen(path, "wb");
	cr_assert_not_null(f, "expected to create %s, got NULL", path);
	fputs(text, f);
	fclose(f);
}

/* The file's content, or NULL when there is no such file. */
static char *get(const char *dir, const char *rel)
{
	FILE *f = fopen(path_of(dir, rel), "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, (size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n, "expected to read %ld bytes", n);
	fclose(f);
	return buf;
}

static void expect_file(const char *dir, const char *rel, const char *want)
{
	char *got = get(dir, rel);

	cr_expect(got && !strcmp(got, want), "%s/%s: expected:\n[%s]\ngot:\n[%s]", dir, rel, want,
		  got ? got : "(no file)");
	free(got);
}

static void rm_rf(const char *path)
{
	struct stat st;
	struct dirent *e;
	DIR *d;

	if (lstat(path, &st))
		return;
	if (S_ISDIR(st.st_mode) && (d = opendir(path))) {
		while ((e = readdir(d))) {
			char *child = malloc(strlen(path) + strlen(e->d_name) + 2);

			if (!child || !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) {
				free(child);
				continue;
			}
			sprintf(child, "%s/%s", path, e->d_name);
			rm_rf(child);
			free(child);
		}
		closedir(d);
	}
	remove(path);
}

static void setup_tree(void)
{
	strcpy(root, ROOT_TEMPLATE);
	cr_assert_not_null(mkdtemp(root), "expected a temporary directory, got NULL");
	snprintf(src, sizeof(src), "%s/solutions", root);
	snprintf(dst, sizeof(dst), "%s/labs", root);
	put(src, "01-pair/pair.cu",
	    "int f(void)\n{\n" BEGIN "\treturn 42;\n" END SKEL "\treturn 0; // TODO(lab1.a)\n" CLOSE
	    "}\n");
	put(src, "01-pair/pair.h", "int f(void);\n");
	put(src, "01-pair/README.md", "Keep " BEGIN "as is\n");
	put(src, "02-tiling/sub/deep.cuh", BEGIN "secret\n" END "visible\n");
}

static void teardown_tree(void)
{
	rm_rf(root);
}

/* Runs one tree operation, capturing its log; returns its result. */
static int run_op(int check, char *log, size_t log_size, char *err, size_t err_size)
{
	FILE *f;
	int rc;

	memset(log, 0, log_size);
	f = fmemopen(log, log_size - 1, "w");

	cr_assert_not_null(f, "expected a log stream, got NULL");
	rc = check ? skel_check(src, dst, f, err, err_size)
		   : skel_generate(src, dst, f, err, err_size);
	fclose(f);
	return rc;
}

static void generate_ok(char *log, size_t log_size)
{
	char err[4096] = "";
	int rc = run_op(0, log, log_size, err, sizeof(err));

	cr_assert_eq(rc, 0, "expected generate to succeed, got %d: %s", rc, err);
}

static void expect_log_has(const char *log, const char *line)
{
	cr_expect_not_null(strstr(log, line), "expected the log to contain [%s], got:\n%s", line,
			   log);
}

Test(skelgen_tree, generate_then_check_passes, .init = setup_tree, .fini = teardown_tree)
{
	char log[4096] = "", err[4096] = "";
	int rc;

	generate_ok(log, sizeof(log));
	expect_file(dst, "01-pair/pair.cu", "int f(void)\n{\n\treturn 0; // TODO(lab1.a)\n}\n");
	expect_file(dst, "01-pair/pair.h", "int f(void);\n");
	expect_file(dst, "01-pair/README.md", "Keep " BEGIN "as is\n");
	expect_file(dst, "02-tiling/sub/deep.cuh", "visible\n");
	expect_log_has(log, "  SKEL  ");
	expect_log_has(log, "/labs/01-pair/pair.cu\n");
	rc = run_op(1, log, sizeof(log), err, sizeof(err));
	cr_expect_eq(rc, 0, "expected check to find 0 differences, got %d; log:\n%s%s", rc, log,
		     err);
	generate_ok(log, sizeof(log));
	cr_expect_str_empty(log, "expected an up-to-date generate to write nothing, got:\n%s", log);
}

Test(skelgen_tree, check_reports_modified_missing_and_extra, .init = setup_tree,
     .fini = teardown_tree)
{
	char log[4096] = "", err[4096] = "";
	int rc;

	generate_ok(log, sizeof(log));
	put(dst, "01-pair/pair.cu", "int f(void) { return 42; }\n");
	remove(path_of(dst, "01-pair/pair.h"));
	put(dst, "02-tiling/notes.txt", "mine\n");
	rc = run_op(1, log, sizeof(log), err, sizeof(err));
	cr_expect_eq(rc, 3, "expected 3 differences, got %d; log:\n%s%s", rc, log, err);
	expect_log_has(log, "labs/01-pair/pair.cu: drifted");
	expect_log_has(log, "labs/01-pair/pair.h: missing");
	expect_log_has(log, "labs/02-tiling/notes.txt: extra");
}

Test(skelgen_tree, generate_updates_changed_and_removes_stale, .init = setup_tree,
     .fini = teardown_tree)
{
	char log[4096] = "", *gone;

	generate_ok(log, sizeof(log));
	put(dst, "01-pair/old.cu", "stale\n");
	put(dst, "03-unroll/orphan.h", "stale\n");
	put(src, "01-pair/pair.h", "int f(void);\nint g(void);\n");
	generate_ok(log, sizeof(log));
	gone = get(dst, "01-pair/old.cu");
	cr_expect_null(gone, "expected labs/01-pair/old.cu removed, got a file: [%s]", gone);
	free(gone);
	expect_file(dst, "01-pair/pair.h", "int f(void);\nint g(void);\n");
	expect_log_has(log, "  RM    ");
	expect_log_has(log, "/labs/03-unroll/orphan.h\n");
	expect_log_has(log, "  SKEL  ");
	cr_expect_null(strstr(log, "pair.cu"), "expected pair.cu untouched, got log:\n%s", log);
}

Test(skelgen_tree, marker_error_writes_nothing, .init = setup_tree, .fini = teardown_tree)
{
	char log[4096] = "", err[4096] = "";
	char *kept;
	int rc;

	generate_ok(log, sizeof(log));
	put(dst, "01-pair/extra.c", "kept\n");
	put(src, "01-pair/pair.h", "int f(void);\nint g(void);\n");
	put(src, "02-tiling/bad.cu", "x\n" BEGIN "y\n");
	put(src, "03-unroll/bad.h", "// END SOLUTION\n");
	rc = run_op(0, log, sizeof(log), err, sizeof(err));
	cr_expect_eq(rc, -1, "expected generate to fail, got %d", rc);
	cr_expect_str_empty(log, "expected no file written or removed, got:\n%s", log);
	expect_file(dst, "01-pair/pair.h", "int f(void);\n");
	kept = get(dst, "01-pair/extra.c");
	cr_expect_not_null(kept, "expected labs/01-pair/extra.c kept, got it removed");
	free(kept);
	expect_log_has(err, "/solutions/02-tiling/bad.cu:2: error: BEGIN SOLUTION is never closed");
	expect_log_has(err, "/solutions/03-unroll/bad.h:1: error: malformed marker");
	rc = run_op(1, log, sizeof(log), err, sizeof(err));
	cr_expect_eq(rc, -1, "expected check to fail on the marker error, got %d", rc);
}

Test(skelgen_tree, refuses_overlapping_trees, .init = setup_tree, .fini = teardown_tree)
{
	char err[4096] = "";
	int rc = skel_generate(src, src, NULL, err, sizeof(err));

	cr_expect_eq(rc, -1, "expected generate into its own source to fail, got %d", rc);
	rc = skel_generate(src, root, NULL, err, sizeof(err));
	cr_expect_eq(rc, -1, "expected generate into a parent of the source to fail, got %d", rc);
	expect_file(src, "01-pair/pair.h", "int f(void);\n");
}

/* ---- a checkout with somebody's work in labs/ (skelsafe.c) */

static struct skel_guard_opts guard_opts(char *manifest, size_t len, int force, int strict)
{
	snprintf(manifest, len, "%s/labs.manifest", root);
	return (struct skel_guard_opts){manifest, force, strict};
}

Test(skelgen_guard, never_overwrites_a_students_work, .init = setup_tree, .fini = teardown_tree)
{
	char manifest[4096], err[4096] = "";
	struct skel_guard_opts o = guard_opts(manifest, sizeof(manifest), 0, 0);
	int rc = skel_generate_guarded(src, dst, &o, NULL, err, sizeof(err));

	cr_assert_eq(rc, 0, "expected the first generate to succeed, got %d: %s", rc, err);
	put(dst, "01-pair/pair.cu", "int f(void) { return 42; } /* mine */\n");
	put(dst, "01-pair/notes.txt", "my notes\n");
	rc = skel_generate_guarded(src, dst, &o, NULL, err, sizeof(err));
	cr_expect_eq(rc, -1, "expected generate over an edited lab file to refuse, got %d", rc);
	expect_log_has(err, "/labs/01-pair/pair.cu: has changes that make skeletons did not write");
	expect_file(dst, "01-pair/pair.cu", "int f(void) { return 42; } /* mine */\n");
	expect_file(dst, "01-pair/notes.txt", "my notes\n");
}

Test(skelgen_guard, force_keeps_a_copy, .init = setup_tree, .fini = teardown_tree)
{
	char manifest[4096], err[4096] = "";
	struct skel_guard_opts o = guard_opts(manifest, sizeof(manifest), 0, 0);
	int rc = skel_generate_guarded(src, dst, &o, NULL, err, sizeof(err));

	cr_assert_eq(rc, 0, "expected the first generate to succeed, got %d: %s", rc, err);
	put(dst, "01-pair/pair.cu", "mine\n");
	o.force = 1;
	rc = skel_generate_guarded(src, dst, &o, NULL, err, sizeof(err));
	cr_expect_eq(rc, 0, "expected FORCE to succeed, got %d: %s", rc, err);
	expect_file(dst, "01-pair/pair.cu.mine", "mine\n");
	expect_file(dst, "01-pair/pair.cu", "int f(void)\n{\n\treturn 0; // TODO(lab1.a)\n}\n");
}

Test(skelgen_guard, drift_is_the_courses_not_the_students, .init = setup_tree,
     .fini = teardown_tree)
{
	char manifest[4096], err[4096] = "", log[4096];
	struct skel_guard_opts o = guard_opts(manifest, sizeof(manifest), 0, 0);
	FILE *f;
	int rc = skel_generate_guarded(src, dst, &o, NULL, err, sizeof(err));

	cr_assert_eq(rc, 0, "expected the first generate to succeed, got %d: %s", rc, err);
	put(dst, "01-pair/pair.cu", "mine\n");
	rc = skel_check_guarded(src, dst, &o, NULL, err, sizeof(err));
	cr_expect_eq(rc, 0, "expected a student's edit to be no drift, got %d", rc);
	o.strict = 1;
	rc = skel_check_guarded(src, dst, &o, NULL, err, sizeof(err));
	cr_expect_eq(rc, 1, "expected the edit to be drift in the course's checkout, got %d", rc);
	/* solutions/ changed without make skeletons: drift for everybody */
	o.strict = 0;
	put(src, "01-pair/pair.h", "int f(void); /* changed */\n");
	memset(log, 0, sizeof(log));
	f = fmemopen(log, sizeof(log) - 1, "w");
	cr_assert_not_null(f, "expected a log stream, got NULL");
	rc = skel_check_guarded(src, dst, &o, f, err, sizeof(err));
	fclose(f);
	cr_expect_eq(rc, 1, "expected the changed header to be drift, got %d", rc);
	expect_log_has(log, "/solutions/01-pair/pair.h: changed since make skeletons last ran");
}
