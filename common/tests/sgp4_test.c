/*
 * Lab 06's SGP4 (sgp4_model.h, sgp4_init.h, reference/sgp4.h) against Vallado's
 * verification set, read at test time where python-sgp4 installs it (sgp4_data.h): every
 * object at every time of tcppver.out within 1 mm and 1 mm/s, his seven error codes at
 * the times his output stops, and the pieces one at a time.
 *
 * The table: build/bin/common_test --filter 'sgp4/table'
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgp4.h"
#include "sgp4_data.h"
#include "sgp4_init.h"
#include "tle.h"

#define WHERE "handouts/06-orbits.md, SGP4"
/* tcppver.out prints km to 8 decimals: its rounding alone is 0.01 mm */
#define TOL_MM	1.0
#define TOL_MMS 1.0

/* The verification run, or a failed test that says why (never a skip). */
static int verify(struct sgp4_object_check **objs)
{
	char why[512];
	const char *dir = sgp4_data_dir(why, sizeof(why));
	int n;

	cr_assert_not_null(dir, "%s", why);
	n = sgp4_verify(dir, objs, why, sizeof(why));
	cr_assert(n > 0, "%s: %s (%s)", dir, why, WHERE);
	return n;
}

Test(sgp4, table)
{
	struct sgp4_object_check *o;
	int n = verify(&o);

	sgp4_verify_print(stdout, o, n);
	fflush(stdout);
	free(o);
}

Test(sgp4, against_tcppver)
{
	struct sgp4_object_check *o;
	int n = verify(&o);

	for (int i = 0; i < n; i++) {
		cr_expect(!o[i].problem[0], "object %ld: %s (%s)", o[i].satnum, o[i].problem,
			  WHERE);
		cr_expect(o[i].worst_r_mm <= TOL_MM,
			  "object %ld at %.8f min: position %.6f mm from tcppver.out, expected "
			  "within %.0f mm (%s)",
			  o[i].satnum, o[i].worst_r_t, o[i].worst_r_mm, TOL_MM, WHERE);
		cr_expect(o[i].worst_v_mms <= TOL_MMS,
			  "object %ld at %.8f min: velocity %.6f mm/s from tcppver.out, expected "
			  "within %.0f mm/s (%s)",
			  o[i].satnum, o[i].worst_v_t, o[i].worst_v_mms, TOL_MMS, WHERE);
		cr_expect(o[i].lines > 0 || (o[i].file_stops && o[i].file_stop_t == 0.0),
			  "object %ld: no line of tcppver.out compared (%s)", o[i].satnum, WHERE);
	}
	free(o);
}

Test(sgp4, error_codes)
{
	const int expected[] = SGP4_EXPECTED_ERRORS;
	struct sgp4_object_check *o;
	int n = verify(&o), k = 0;

	for (int i = 0; i < n; i++) {
		if (o[i].file_stops)
			cr_expect(o[i].error_got && o[i].error_t == o[i].file_stop_t,
				  "object %ld: tcppver.out stops at %.8f min, expected an error "
				  "there; got code %d at %.8f min (%s)",
				  o[i].satnum, o[i].file_stop_t, o[i].error_got, o[i].error_t,
				  WHERE);
		else
			cr_expect(!o[i].error_got,
				  "object %ld: error %d (%s) at %.8f min, expected none: "
				  "tcppver.out goes on (%s)",
				  o[i].satnum, o[i].error_got, sgp4_error_name(o[i].error_got),
				  o[i].error_t, WHERE);
		if (!o[i].error_got)
			continue;
		cr_expect(k < SGP4_N_EXPECTED_ERRORS && o[i].error_got == expected[k],
			  "object %ld: error %d (%s) at %.8f min, expected error %d, the %dth of "
			  "Vallado's list 1,1,6,6,4,3,6 (%s)",
			  o[i].satnum, o[i].error_got, sgp4_error_name(o[i].error_got),
			  o[i].error_t, k < SGP4_N_EXPECTED_ERRORS ? expected[k] : 0, k + 1, WHERE);
		/* sgp4_init propagates to epoch: its code is the one at 0, if any */
		cr_expect_eq(o[i].init_error, o[i].error_t == 0.0 ? o[i].error_got : 0,
			     "object %ld: sgp4_init returned %d (%s)", o[i].satnum, o[i].init_error,
			     WHERE);
		k++;
	}
	cr_expect_eq(k, SGP4_N_EXPECTED_ERRORS, "%d errors, expected %d (1,1,6,6,4,3,6) (%s)", k,
		     SGP4_N_EXPECTED_ERRORS, WHERE);
	free(o);
}

Test(sgp4, wgs72_constants)
{
	struct sgp4_gravity g = sgp4_gravity_wgs72();

	cr_expect_eq(g.radiusearthkm, 6378.135);
	cr_expect_eq(g.mu, 398600.8);
	cr_expect_eq(g.j2, 0.001082616);
	cr_expect(fabs(g.xke - 0.07436691613317342) < 1e-17, "xke %.17g, expected %.17g", g.xke,
		  0.07436691613317342);
	cr_expect(fabs(g.tumin - 13.446839696959309) < 1e-13, "tumin %.17g", g.tumin);
	cr_expect(fabs(g.j3oj2 - -0.002345069720011528) < 1e-18, "j3oj2 %.17g", g.j3oj2);
}

/* ISS, the element set of Wikipedia's article on the format (2008 day 264.51782528). */
static const char *iss1 = "1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927";
static const char *iss2 = "2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537";

Test(sgp4, epoch_julian_date)
{
	char why[256];
	struct tle t;
	struct sgp4_gravity g = sgp4_gravity_wgs72();
	struct sgp4_record rec;
	double jd, frac;

	cr_assert_eq(tle_parse(iss1, iss2, 1, &t, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(sgp4_init(&t, &g, 'i', &rec), 0);
	/* 2008 September 20, 12:25:40.104 UTC */
	cr_expect_eq(rec.jdsatepoch, 2454729.5, "epoch day %.9f, expected 2454729.5",
		     rec.jdsatepoch);
	cr_expect(fabs(rec.jdsatepochF - 0.51782528) < 1e-12, "epoch fraction %.12f",
		  rec.jdsatepochF);
	cr_expect_eq(rec.method, SGP4_NEAR_EARTH);
	cr_expect(fabs(rec.no_unkozai - 0.06858914158608223) < 1e-15, "no_unkozai %.17g",
		  rec.no_unkozai);
	/* 1 January 2006 0 h, and 2000 day 366.5 (a leap year's last day, noon) */
	sgp4_epoch(2006, 1.0, &jd, &frac);
	cr_expect(jd == 2453736.5 && frac == 0.0, "2006 day 1: %.9f + %.9f", jd, frac);
	sgp4_epoch(2000, 366.5, &jd, &frac);
	cr_expect(jd == 2451909.5 && fabs(frac - 0.5) < 1e-15, "2000 day 366.5: %.9f + %.9f", jd,
		  frac);
}

Test(sgp4, sidereal_time_at_j2000)
{
	/* GMST at 2000 January 1 12 h UT1 is 67310.54841 s of time, 280.46061837504 deg */
	double deg = sgp4_gstime(2451545.0) * 180.0 / 3.14159265358979323846;

	cr_expect(fabs(deg - 280.46061837504) < 1e-9, "GMST %.11f deg, expected 280.46061837504",
		  deg);
}

Test(sgp4, error_1_for_eccentricity_out_of_range)
{
	char why[256];
	struct tle t;
	struct sgp4_gravity g = sgp4_gravity_wgs72();
	struct sgp4_record rec;
	struct sgp4_mean m;

	cr_assert_eq(tle_parse(iss1, iss2, 1, &t, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(sgp4_init(&t, &g, 'i', &rec), 0);
	sgp4_secular(&rec, 0.0, &m);
	m.em = 1.0;
	cr_expect_eq(sgp4_mean_elements(&rec, &m), 1, "mean e = 1: expected error 1");
	sgp4_secular(&rec, 0.0, &m);
	m.em = -0.0011;
	cr_expect_eq(sgp4_mean_elements(&rec, &m), 1, "mean e = -0.0011: expected error 1");
	sgp4_secular(&rec, 0.0, &m);
	m.nm = -1e-3;
	cr_expect_eq(sgp4_mean_elements(&rec, &m), 2, "mean motion < 0: expected error 2");
	t.eccentricity = 1.0;
	cr_expect_eq(sgp4_init(&t, &g, 'i', &rec), 1, "e = 1 at epoch: expected error 1");
	cr_expect_str_eq(sgp4_error_name(6),
			 "satellite has decayed (radius below one earth radius)");
}

/* Restarting the resonance integration from epoch on every call (sgp4_ref) gives the
 * numbers Vallado's, which carries it from call to call, gives, to the bit: for every
 * resonant object of the set, forwards and backwards. */
Test(sgp4, resonance_restart_is_exact)
{
	char why[512], path[4200];
	const char *dir = sgp4_data_dir(why, sizeof(why));
	struct sgp4_gravity g = sgp4_gravity_wgs72();
	struct tle *sets;
	int n, resonant = 0;

	cr_assert_not_null(dir, "%s", why);
	snprintf(path, sizeof(path), "%s/SGP4-VER.TLE", dir);
	n = tle_read_file(path, 0, &sets, why, sizeof(why));
	cr_assert(n > 0, "%s", why);
	for (int i = 0; i < n; i++) {
		struct sgp4_record rec;
		struct sgp4_resonance res = {0.0, 0.0, 0.0};

		if (sgp4_init(&sets[i], &g, 'i', &rec) || !rec.irez)
			continue;
		resonant++;
		for (double t = -2880.0; t <= 5760.0; t += t < 0.0 ? 97.0 : 131.0) {
			double r1[3], v1[3], r2[3], v2[3];
			int e1 = sgp4_ref_carried(&rec, &res, t, r1, v1);
			int e2 = sgp4_ref(&rec, t, r2, v2);

			cr_expect(
			    e1 == e2 && !memcmp(r1, r2, sizeof(r1)) && !memcmp(v1, v2, sizeof(v1)),
			    "object %ld at %.1f min: carried and restarted integrations differ "
			    "(%s)",
			    rec.satnum, t, WHERE);
		}
	}
	cr_expect(resonant >= 4, "only %d resonant objects in the set", resonant);
	free(sets);
}
