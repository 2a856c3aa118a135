/*
 * The CPU side of lab 06's SGP4 bench (bench-cpu.sh, `make bench-cpu LAB=06`): the
 * course's reference, sgp4_ref, run on every core as a C user would run it, and the
 * file format the CPU peers (satellite.js, python-sgp4) write their states in, so that
 * every peer is compared with sgp4_ref on the same sets at the same times.
 *
 *   sgp4_cpu gen KIND N SEED FILE        N element sets of a catalogue kind (catalogue.h's
 *                                        leo, gps, molniya, geo, decaying, or resonant:
 *                                        molniya and geo in turn), written as TLE text
 *   sgp4_cpu run FILE DT STEPS OUT [REPEAT]
 *                                        every set at t = k DT minutes, k = 0..STEPS-1,
 *                                        on every core (OpenMP); prints the best of REPEAT
 *                                        (default 3) timings: "props seconds threads"
 *   sgp4_cpu compare REF PEER SETS STEPS worst position and velocity difference where
 *                                        both have a state (code 0), and the codes that
 *                                        differ: "worst_r_m worst_v_mms code_diff states"
 *   sgp4_cpu float FILE                  the float study (float_study.c)
 *
 * A states file: for each set, for each time, 7 doubles (code, x, y, z km, vx, vy, vz
 * km/s), native byte order; a code of 1 to 4 leaves the six NaN. The reference writes
 * the states of code 0 and 6 (sgp4.h); a peer that returns none with 6 (satellite.js)
 * disagrees on nothing, since only states of code 0 are compared.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalogue.h"
#include "peers.h"
#include "sgp4.h"
#include "sgp4_init.h"
#include "tle.h"

/* B* and nddot's assumed-point form, " 12345-6" for 0.12345e-6, in 8 columns */
static void tle_exponent(double x, char out[16])
{
	int e = 0, m = 0;

	if (x != 0.0) {
		e = (int)floor(log10(fabs(x))) + 1;
		m = (int)lround(fabs(x) / pow(10.0, e) * 1e5);
		if (m >= 100000)
			m /= 10, e++;
	}
	snprintf(out, 16, "%c%05d%c%d", x < 0.0 ? '-' : ' ', m % 100000, e < 0 ? '-' : '+',
		 abs(e) % 10);
}

static void tle_line_sum(char *line)
{
	snprintf(line + 68, 2, "%d", tle_checksum(line));
}

/* The set as a card's two lines, 69 columns each, checksums right (the lines are 69
 * columns whenever the set is one catalogue_draw makes). */
static void tle_format(const struct tle *t, char l1[512], char l2[512])
{
	char nddot[16], bstar[16];

	tle_exponent(t->nddot, nddot);
	tle_exponent(t->bstar, bstar);
	snprintf(l1, 512, "1 %05ldU %-8.8s %02d%012.8f %c.%08ld %.8s %.8s 0 %4d ",
		 t->satnum % 100000, t->intldes, t->epoch_year % 100, t->epoch_day,
		 t->ndot < 0.0 ? '-' : ' ', lround(fabs(t->ndot) * 1e8), nddot, bstar,
		 t->element_number % 10000);
	snprintf(l2, 512, "2 %05ld %8.4f %8.4f %07ld %8.4f %8.4f %11.8f%5ld ", t->satnum % 100000,
		 t->inclination, t->raan, lround(t->eccentricity * 1e7), t->arg_perigee,
		 t->mean_anomaly, t->mean_motion, t->rev_number % 100000);
	tle_line_sum(l1);
	tle_line_sum(l2);
}

static int gen(const char *kind, int n, unsigned long long seed, const char *path)
{
	enum catalogue_kind kinds[2];
	int nkinds = 1;
	struct tle *sets = malloc((size_t)n * sizeof(*sets));
	FILE *f = fopen(path, "w");

	if (!strcmp(kind, "resonant"))
		kinds[0] = CATALOGUE_MOLNIYA, kinds[1] = CATALOGUE_GEO, nkinds = 2;
	else {
		for (kinds[0] = 0; kinds[0] < CATALOGUE_KINDS; kinds[0]++)
			if (!strcmp(kind, catalogue_kind_name(kinds[0])))
				break;
		if (kinds[0] == CATALOGUE_KINDS) {
			fprintf(stderr, "sgp4_cpu gen: no kind '%s'\n", kind);
			return 2;
		}
	}
	if (!sets || !f) {
		perror(path);
		return 1;
	}
	catalogue_draw(seed, kinds, nkinds, n, 10001, sets);
	for (int i = 0; i < n; i++) {
		char l1[512], l2[512];
		tle_format(&sets[i], l1, l2);
		fprintf(f, "%s\n%s\n", l1, l2);
	}
	free(sets);
	return fclose(f) ? 1 : 0;
}

int peers_read(const char *path, struct sgp4_record **recs)
{
	struct tle *sets;
	char why[256];
	/* Vallado's verification set keeps the checksums of the lines its error cases were
	 * edited from (handouts/06-orbits.md): read with them off, as its test does */
	int n = tle_read_file(path, 0, &sets, why, sizeof(why));
	const struct sgp4_gravity g = sgp4_gravity_wgs72();

	if (n < 0) {
		fprintf(stderr, "%s\n", why);
		return -1;
	}
	*recs = malloc((size_t)(n ? n : 1) * sizeof(**recs));
	for (int i = 0; i < n; i++)
		sgp4_init(&sets[i], &g, 'i', &(*recs)[i]);
	free(sets);
	return n;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static int run(const char *path, double dt, int steps, const char *out, int repeat)
{
	struct sgp4_record *recs;
	int n = peers_read(path, &recs);
	double best = INFINITY, *states;

	if (n < 0)
		return 1;
	states = malloc((size_t)n * steps * 7 * sizeof(double));
	for (int rep = 0; rep < repeat; rep++) {
		double t0 = now();
#pragma omp parallel for schedule(dynamic, 1)
		for (int i = 0; i < n; i++)
			for (int k = 0; k < steps; k++) {
				double *s = states + ((size_t)i * steps + k) * 7;
				int code;
				s[1] = s[2] = s[3] = s[4] = s[5] = s[6] = NAN;
				code = sgp4_ref(&recs[i], k * dt, s + 1, s + 4);
				s[0] = code;
			}
		best = fmin(best, now() - t0);
	}
	FILE *f = fopen(out, "wb");
	if (!f || fwrite(states, sizeof(double) * 7, (size_t)n * steps, f) != (size_t)n * steps ||
	    fclose(f)) {
		perror(out);
		return 1;
	}
	printf("%ld %.6f %d\n", (long)n * steps, best, omp_get_max_threads());
	free(states), free(recs);
	return 0;
}

static double *load(const char *path, size_t count)
{
	double *d = malloc(count * sizeof(double));
	FILE *f = fopen(path, "rb");

	if (!d || !f || fread(d, sizeof(double), count, f) != count) {
		fprintf(stderr, "sgp4_cpu compare: %s: not %zu doubles\n", path, count);
		exit(1);
	}
	fclose(f);
	return d;
}

/* Where both have a state of code 0: the worst distance; elsewhere: the codes differ
 * where one is 0 and the other not (a peer may give no state with 6 where the reference
 * writes one, and a peer may stop at its first error: neither is counted). */
static int compare(const char *ref_path, const char *peer_path, int n, int steps)
{
	size_t count = (size_t)n * steps;
	double *ref = load(ref_path, count * 7), *peer = load(peer_path, count * 7);
	double worst_r = 0.0, worst_v = 0.0;
	long differ = 0, states = 0;

	for (size_t j = 0; j < count; j++) {
		const double *a = ref + 7 * j, *b = peer + 7 * j;
		if ((a[0] == 0.0) != (b[0] == 0.0)) {
			differ++;
			continue;
		}
		if (a[0] != 0.0)
			continue;
		states++;
		worst_r = fmax(
		    worst_r, sqrt(pow(a[1] - b[1], 2) + pow(a[2] - b[2], 2) + pow(a[3] - b[3], 2)));
		worst_v = fmax(
		    worst_v, sqrt(pow(a[4] - b[4], 2) + pow(a[5] - b[5], 2) + pow(a[6] - b[6], 2)));
		if (isnan(worst_r) || isnan(b[1]))
			worst_r = INFINITY;
	}
	printf("%.6g %.6g %ld %ld\n", worst_r * 1e3, worst_v * 1e6, differ, states);
	free(ref), free(peer);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 6 && !strcmp(argv[1], "gen"))
		return gen(argv[2], atoi(argv[3]), strtoull(argv[4], NULL, 10), argv[5]);
	if ((argc == 6 || argc == 7) && !strcmp(argv[1], "run"))
		return run(argv[2], atof(argv[3]), atoi(argv[4]), argv[5],
			   argc == 7 ? atoi(argv[6]) : 3);
	if (argc == 6 && !strcmp(argv[1], "compare"))
		return compare(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]));
	if (argc == 3 && !strcmp(argv[1], "float"))
		return float_study(argv[2]);
	fprintf(stderr, "usage: sgp4_cpu gen KIND N SEED FILE | run FILE DT STEPS OUT [REPEAT] | "
			"compare REF PEER SETS STEPS | float FILE\n");
	return 2;
}
