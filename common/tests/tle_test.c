/*
 * The element-set reader (tle.h): checksums of published lines, every field of a known
 * set, Alpha-5, files of two- and three-line sets, and each refusal with its line,
 * columns and field; then Vallado's verification set as python3-sgp4 installs it.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tle.h"

#define VER_TLE "/usr/lib/python3/dist-packages/sgp4/SGP4-VER.TLE"

/* the ISS on 20 September 2008, as CelesTrak printed it */
static const char *iss1 = "1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927";
static const char *iss2 = "2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537";

static char dir[64];
static char files[8][96];
static int n_files;

static void make_dir(void)
{
	strcpy(dir, "/tmp/tle_test.XXXXXX");
	cr_assert_not_null(mkdtemp(dir), "mkdtemp failed");
}

static void remove_dir(void)
{
	for (int k = 0; k < n_files; k++)
		remove(files[k]);
	rmdir(dir);
}

TestSuite(tle, .init = make_dir, .fini = remove_dir);

/* Writes @p text to a file of the test's folder; returns its path. */
static const char *write_file(const char *name, const char *text)
{
	char *path = files[n_files++];
	FILE *fp;

	snprintf(path, sizeof(files[0]), "%s/%s", dir, name);
	fp = fopen(path, "w");
	cr_assert_not_null(fp, "cannot write %s", path);
	fputs(text, fp);
	fclose(fp);
	return path;
}

/* A copy of @p line with @p text over its columns from @p col (1-based) and the checksum
 * made right again, so that only the edited field is wrong. */
static char *edit(char *out, const char *line, int col, const char *text)
{
	strcpy(out, line);
	memcpy(out + col - 1, text, strlen(text));
	out[68] = (char)('0' + tle_checksum(out));
	return out;
}

static int close_to(double got, double want)
{
	return fabs(got - want) <= 1e-12 * fabs(want);
}

/* tle_parse refuses the lines, leaves the set untouched, and says @p want. */
static void refused(const char *l1, const char *l2, int check_sums, const char *want)
{
	struct tle t, before;
	char why[256] = "";

	memset(&t, 0x5a, sizeof(t));
	memcpy(&before, &t, sizeof(t));
	cr_assert_eq(tle_parse(l1, l2, check_sums, &t, why, sizeof(why)), -1,
		     "accepted, want \"%s\":\n%s\n%s", want, l1, l2);
	cr_assert(strstr(why, want), "said \"%s\", want \"%s\"", why, want);
	cr_assert(!memcmp(&t, &before, sizeof(t)), "the set was written on failure");
}

Test(tle, checksums_of_published_lines)
{
	cr_assert_eq(tle_checksum(iss1), 7);
	cr_assert_eq(tle_checksum(iss2), 7);
	/* a minus sign counts 1, a plus sign and letters nothing */
	cr_assert_eq(
	    tle_checksum("1 04632U 70093B   04031.91070959 -.00000084  00000-0  10000-3 0  9955"),
	    5);
	cr_assert_eq(
	    tle_checksum("1 09998U 74033F   05148.79417928 -.00000112  00000-0  00000+0 0  4480"),
	    0);
	cr_assert_eq(tle_checksum("-A+"), 1);
}

Test(tle, every_field_of_a_known_set)
{
	struct tle t;
	char why[256] = "";

	cr_assert_eq(tle_parse(iss1, iss2, 1, &t, why, sizeof(why)), 0, "%s", why);
	cr_assert_str_eq(t.name, "");
	cr_assert_eq(t.satnum, 25544);
	cr_assert_eq(t.classification, 'U');
	cr_assert_str_eq(t.intldes, "98067A");
	cr_assert_eq(t.epoch_year, 2008);
	cr_assert(close_to(t.epoch_day, 264.51782528), "epoch day %.12g", t.epoch_day);
	cr_assert(close_to(t.ndot, -0.00002182), "ndot %.12g", t.ndot);
	cr_assert_eq(t.nddot, 0.0);
	cr_assert(close_to(t.bstar, -0.11606e-4), "bstar %.12g", t.bstar);
	cr_assert_eq(t.ephemeris_type, 0);
	cr_assert_eq(t.element_number, 292);
	cr_assert(close_to(t.inclination, 51.6416), "inclination %.12g", t.inclination);
	cr_assert(close_to(t.raan, 247.4627), "raan %.12g", t.raan);
	cr_assert(close_to(t.eccentricity, 0.0006703), "eccentricity %.12g", t.eccentricity);
	cr_assert(close_to(t.arg_perigee, 130.5360), "argument of perigee %.12g", t.arg_perigee);
	cr_assert(close_to(t.mean_anomaly, 325.0288), "mean anomaly %.12g", t.mean_anomaly);
	cr_assert(close_to(t.mean_motion, 15.72125391), "mean motion %.12g", t.mean_motion);
	cr_assert_eq(t.rev_number, 56353);
	cr_assert_str_eq(t.extra, "");
}

/* Vallado's sets: nddot and B* with exponents, blank fields of the 1980 set, what follows
 * column 69, and an epoch of the 1990s. */
Test(tle, exponents_blank_fields_and_extra)
{
	struct tle t;
	char why[256] = "";

	cr_assert_eq(
	    tle_parse("1 16925U 86065D   06151.67415771  .02550794 -30915-6  18784-3 0  4486",
		      "2 16925  62.0906 295.0239 5596327 245.1593  47.9690  4.88511875148616 "
		      "     0.0      1440.0        120.00  ",
		      1, &t, why, sizeof(why)),
	    0, "%s", why);
	cr_assert(close_to(t.nddot, -0.30915e-6) && close_to(t.bstar, 0.18784e-3));
	cr_assert(close_to(t.eccentricity, 0.5596327));
	cr_assert_str_eq(t.extra, "0.0      1440.0        120.00");
	cr_assert_eq(
	    tle_parse("1 11801U          80230.29629788  .01431103  00000-0  14311-1      13",
		      "2 11801  46.7916 230.4354 7318036  47.4722  10.4117  2.28537848    13", 1,
		      &t, why, sizeof(why)),
	    0, "%s", why);
	cr_assert_str_eq(t.intldes, "");
	cr_assert_eq(t.ephemeris_type, 0);
	cr_assert_eq(t.element_number, 1);
	cr_assert_eq(t.rev_number, 1);
	cr_assert_eq(t.epoch_year, 1980);
	cr_assert(close_to(t.bstar, 0.14311e-1));
}

Test(tle, alpha5)
{
	static const struct {
		const char *digits;
		long satnum;
	} cases[] = {{"A0000", 100000}, {"A0001", 100001}, {"H9999", 179999},
		     {"J0000", 180000}, {"P0000", 230000}, {"Z9999", 339999}};
	char l1[80], l2[80];
	struct tle t;
	char why[256] = "";

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		edit(l1, iss1, 3, cases[k].digits);
		edit(l2, iss2, 3, cases[k].digits);
		cr_assert_eq(tle_parse(l1, l2, 1, &t, why, sizeof(why)), 0, "%s", why);
		cr_assert_eq(t.satnum, cases[k].satnum, "%s read as %ld", cases[k].digits,
			     t.satnum);
	}
	refused(edit(l1, iss1, 3, "I0000"), edit(l2, iss2, 3, "I0000"), 1,
		"line 1, columns 3-7 (satellite number): \"I0000\" is not a catalogue number");
	refused(edit(l1, iss1, 3, "a0000"), iss2, 1, "line 1, columns 3-7 (satellite number)");
}

Test(tle, refusals_name_line_columns_and_field)
{
	static const struct {
		int line, col;
		const char *text, *want;
	} cases[] = {
	    {1, 1, "2", "line 1, column 1 (line number): \"2\" where 1 was expected"},
	    {2, 1, "1", "line 2, column 1 (line number): \"1\" where 2 was expected"},
	    {2, 3, "25545",
	     "line 2, columns 3-7 (satellite number): 25545 differs from line 1's 25544"},
	    {1, 8, "X", "line 1, column 8 (classification): \"X\" is none of U, C, S"},
	    {1, 10, "98O67A", "line 1, columns 10-17 (international designator)"},
	    {1, 9, "x", "line 1, column 9: \"x\" where a blank separates two fields"},
	    {1, 19, "O8", "line 1, columns 19-20 (epoch year): \"O8\" is not a number"},
	    {1, 21, "264,5178",
	     "line 1, columns 21-32 (epoch day): \"264,51782528\" is not a number"},
	    {1, 21, "000.",
	     "line 1, columns 21-32 (epoch day): 0.51782528 is not a day of the year"},
	    {1, 34, "-.0000-182", "line 1, columns 34-43 (ndot): \"-.0000-182\" is not a number"},
	    {1, 45, " 0000-0 ", "line 1, columns 45-52 (nddot): \" 0000-0 \" is not a number"},
	    {1, 54, "-1160 -4", "line 1, columns 54-61 (bstar): \"-1160 -4\" is not a number"},
	    {1, 63, "x", "line 1, column 63 (ephemeris type): \"x\" is not a digit"},
	    {1, 66, "2x2", "line 1, columns 65-68 (element number): \" 2x2\" is not a number"},
	    {2, 9, " 51.64.6", "line 2, columns 9-16 (inclination): \" 51.64.6\" is not a number"},
	    {2, 9, "181.0000", "line 2, columns 9-16 (inclination): 181.0000 is outside [0, 180]"},
	    {2, 27, "18x9667", "line 2, columns 27-33 (eccentricity): \"18x9667\" is not a number"},
	    {2, 27, "0.06703", "line 2, columns 27-33 (eccentricity): \"0.06703\" is not a number"},
	    {2, 27, "-006703",
	     "line 2, columns 27-33 (eccentricity): \"-006703\" is outside [0, 1)"},
	    {2, 35, "130.5e60", "line 2, columns 35-42 (argument of perigee): \"130.5e60\""},
	    {2, 44, "325.02 8", "line 2, columns 44-51 (mean anomaly): \"325.02 8\""},
	    {2, 53, "00.00000000",
	     "line 2, columns 53-63 (mean motion): 0.00000000 is not positive"},
	    {2, 64, "     ",
	     "line 2, columns 64-68 (revolution number): \"     \" is not a number"},
	};
	char l1[80], l2[80];

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		strcpy(l1, iss1);
		strcpy(l2, iss2);
		edit(cases[k].line == 1 ? l1 : l2, cases[k].line == 1 ? iss1 : iss2, cases[k].col,
		     cases[k].text);
		refused(l1, l2, 1, cases[k].want);
	}
}

Test(tle, refusals_of_length_and_checksum)
{
	char l1[80], l2[80];
	struct tle t;

	strcpy(l1, iss1);
	l1[60] = '\0';
	refused(l1, iss2, 1, "line 1, columns 61-69: missing: the line has 60 columns");
	refused(l1, iss2, 0, "line 1, columns 61-69: missing: the line has 60 columns");
	strcpy(l2, iss2);
	l2[68] = '\0';
	refused(iss1, l2, 1, "line 2, column 69 (checksum): missing: the line has 68 columns");
	cr_assert_eq(tle_parse(iss1, l2, 0, &t, NULL, 0), 0, "68 columns without checksums");
	strcpy(l1, iss1);
	l1[68] = '8';
	refused(l1, iss2, 1, "line 1, column 69 (checksum): expected 7, got 8");
	cr_assert_eq(tle_parse(l1, iss2, 0, &t, NULL, 0), 0, "a checksum checked when told not to");
	strcpy(l2, iss2);
	l2[68] = 'x';
	refused(iss1, l2, 1, "line 2, column 69 (checksum): \"x\" is not a digit");
	snprintf(l1, sizeof(l1), "%s 12", iss1);
	refused(l1, iss2, 1, "line 1, columns 70-72: \" 12\" after the checksum");
	/* trailing blanks and a CR are a line end, not columns */
	snprintf(l1, sizeof(l1), "%s   \r", iss1);
	snprintf(l2, sizeof(l2), "%s \r\n", iss2);
	cr_assert_eq(tle_parse(l1, l2, 1, &t, NULL, 0), 0);
	cr_assert_str_eq(t.extra, "");
}

Test(tle, files_of_two_and_three_line_sets)
{
	char text[1024];
	struct tle *sets;
	char why[256] = "";
	const char *path;

	snprintf(text, sizeof(text),
		 "# a comment\r\n\r\n%s\r\n%s  \r\nISS (ZARYA)\n%s\n%s\n   \n"
		 "0 A NAME LONGER THAN TWENTY-FOUR CHARACTERS\n%s\n%s\n",
		 iss1, iss2, iss1, iss2, iss1, iss2);
	path = write_file("mixed.tle", text);
	cr_assert_eq(tle_read_file(path, 1, &sets, why, sizeof(why)), 3, "%s", why);
	cr_assert_str_eq(sets[0].name, "");
	cr_assert_str_eq(sets[1].name, "ISS (ZARYA)");
	cr_assert_str_eq(sets[2].name, "A NAME LONGER THAN TWENT");
	for (int k = 0; k < 3; k++)
		cr_assert(sets[k].satnum == 25544 && sets[k].rev_number == 56353, "set %d", k);
	free(sets);
	path = write_file("empty.tle", "# nothing\n\n");
	cr_assert_eq(tle_read_file(path, 1, &sets, why, sizeof(why)), 0, "%s", why);
	free(sets);
}

/* No fixed limit: a thousand sets, each its own satellite. */
Test(tle, many_sets)
{
	FILE *fp;
	struct tle *sets;
	char l1[80], l2[80], num[12], why[256] = "";
	const char *path = write_file("many.tle", "");

	fp = fopen(path, "w");
	for (int k = 0; k < 1000; k++) {
		snprintf(num, sizeof(num), "%05d", k + 1);
		fprintf(fp, "%s\n%s\n", edit(l1, iss1, 3, num), edit(l2, iss2, 3, num));
	}
	fclose(fp);
	cr_assert_eq(tle_read_file(path, 1, &sets, why, sizeof(why)), 1000, "%s", why);
	for (int k = 0; k < 1000; k++)
		cr_assert_eq(sets[k].satnum, k + 1);
	free(sets);
}

static int token(const char *p, size_t n, const char *name)
{
	return n == strlen(name) && !strncmp(p, name, n);
}

/* Each refusal of a file names the file and its line, then tle_parse's reason. */
Test(tle, file_refusals)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
	    {"#\n\n\n\n\nL1\nL2X\n",
	     ":7: line 2, columns 27-33 (eccentricity): \"18x9667\" is not a number"},
	    {"#\nL1B\nL2\n", ":2: line 1, column 69 (checksum): expected 7, got 8"},
	    {"L1\nL2\nL2\n", ":3: a line 2 without a line 1"},
	    {"#\nL2\n", ":2: a line 2 without a line 1"},
	    {"NAME\nOTHER\nL1\nL2\n",
	     ":2: \"OTHER\" where line 1 of the set named at line 1 was expected"},
	    {"NAME\nL2\n",
	     ":2: \"2 25544  51.6416 247.4627 0006\" where line 1 of the set named at line 1"},
	    {"L1\nNAME\nL2\n", ":2: \"NAME\" where line 2 of the set begun at line 1 was expected"},
	    {"L1\nL1\n",
	     ":2: \"1 25544U 98067A   08264.517825\" where line 2 of the set begun at line 1"},
	    {"L1\nL2\n\nL1\n", ":4: the file ends before the set begun there does"},
	    {"L1\nL2\nNAME\n", ":3: the file ends before the set begun there does"},
	};
	char l2x[80], l1b[80];

	strcpy(l1b, iss1);
	l1b[68] = '8';
	edit(l2x, iss2, 27, "18x9667");
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		char text[512] = "", name[16], why[256] = "", want[256];
		struct tle *sets = (struct tle *)1;
		const char *path;

		/* L1, L1B, L2, L2X: the ISS's lines, right or broken */
		for (const char *p = cases[k].text; *p;) {
			size_t n = strcspn(p, "\n");
			const char *line = token(p, n, "L1B")	? l1b
					   : token(p, n, "L2X") ? l2x
					   : token(p, n, "L1")	? iss1
					   : token(p, n, "L2")	? iss2
								: NULL;
			if (line)
				strcat(text, line);
			else
				strncat(text, p, n);
			strcat(text, "\n");
			p += n + 1;
		}
		snprintf(name, sizeof(name), "bad%zu.tle", k);
		path = write_file(name, text);
		snprintf(want, sizeof(want), "%s%s", path, cases[k].want);
		cr_assert_eq(tle_read_file(path, 1, &sets, why, sizeof(why)), -1,
			     "case %zu accepted", k);
		cr_assert_null(sets);
		cr_assert(!strncmp(why, want, strlen(want)), "said \"%s\", want \"%s\"", why, want);
		remove(path);
		n_files--;
	}
}

Test(tle, missing_file)
{
	char why[256] = "";
	struct tle *sets = NULL;

	cr_assert_eq(tle_read_file("/nonexistent/x.tle", 1, &sets, why, sizeof(why)), -1);
	cr_assert_null(sets);
	cr_assert_str_eq(why, "/nonexistent/x.tle: No such file or directory");
}

/* Vallado's verification set (SGP4-VER.TLE): its 33 sets read without checksums, and with
 * them its first hand-edited line refused. */
Test(tle, vallado_verification_set)
{
	struct tle *sets;
	char why[256] = "";

	if (access(VER_TLE, R_OK))
		cr_assert_fail(VER_TLE " is missing: apt-get install -y python3-sgp4");
	cr_assert_eq(tle_read_file(VER_TLE, 0, &sets, why, sizeof(why)), 33, "%s", why);
	cr_assert_eq(sets[0].satnum, 5);
	cr_assert_str_eq(sets[0].intldes, "58002B");
	cr_assert_str_eq(sets[0].extra, "0.00      4320.0        360.00");
	cr_assert(close_to(sets[0].eccentricity, 0.1859667));
	cr_assert_eq(sets[32].satnum, 20413);
	cr_assert_str_eq(sets[32].extra, "1844000.0   1845100.0        5.00");
	for (int k = 0; k < 33; k++)
		cr_assert_str_eq(sets[k].name, "", "set %d has a name", k);
	free(sets);
	cr_assert_eq(tle_read_file(VER_TLE, 1, &sets, why, sizeof(why)), -1);
	cr_assert_str_eq(why, VER_TLE ":100: line 1, column 69 (checksum): expected 2, got 4");
}
