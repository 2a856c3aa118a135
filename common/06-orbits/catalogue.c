/*
 * Random catalogues of element sets (catalogue.h). Each kind is drawn in the card's own
 * units (revolutions a day, degrees) inside the bounds of the branch of sgp4_init it
 * must take: a period of 225 minutes or more is deep space; a mean motion of 0.8 to 1.2
 * revolutions a day is the one-day resonance; 1.893 to 2.118 with e >= 0.5 the half-day
 * one (sgp4_deep_init.c); a perigee under 220 km the truncated drag terms (isimp).
 * Every bound below keeps a margin from those edges, since the mean motion sgp4_init
 * recovers differs from the card's by about 0.1%.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "catalogue.h"
#include "rng.h"
#include "sgp4_init.h"

#define PI 3.14159265358979323846
/* WGS-72's mu (km^3/s^2) and radius (km), as the sets are fitted with */
#define MU 398600.8
#define RE 6378.135

/* The mean motion (rev/day) of semi-major axis @a km, Kepler's third law. */
static double mean_motion_of(double a)
{
	return sqrt(MU / (a * a * a)) * 86400.0 / (2.0 * PI);
}

/* The semi-major axis (km) of mean motion @n rev/day. */
static double axis_of(double n)
{
	double w = n * 2.0 * PI / 86400.0;

	return cbrt(MU / (w * w));
}

/* B* of magnitude log-uniform in [lo, hi] (1/earth radii), negative with probability
 * @p negative: published sets carry both signs (a fit of a manoeuvre or of solar
 * pressure goes negative). */
static double draw_bstar(struct rng *r, double lo, double hi, double negative)
{
	double b = lo * pow(hi / lo, rng_uniform(r));

	return rng_uniform(r) < negative ? -b : b;
}

/* The epoch, the angles that any kind takes in full, and the card's bookkeeping. */
static void draw_common(struct rng *r, long satnum, struct tle *t)
{
	memset(t, 0, sizeof(*t));
	t->satnum = satnum;
	t->classification = 'U';
	t->epoch_year = 2020 + (int)(rng_uniform(r) * 6.0);
	t->epoch_day = 1.0 + rng_uniform(r) * 364.0;
	t->raan = rng_range(r, 0.0, 360.0);
	t->arg_perigee = rng_range(r, 0.0, 360.0);
	t->mean_anomaly = rng_range(r, 0.0, 360.0);
	t->element_number = 999;
	t->rev_number = (long)(rng_uniform(r) * 90000.0);
}

/* Near earth above the drag's low-perigee bound: mean motion 11.5 to 16 rev/day (90 to
 * 125 minutes), e < 0.1 with the perigee above 240 km (a quarter of the sets under
 * 1e-4, where sgp4_init drops the J3 drag terms), any inclination. */
static void draw_leo(struct rng *r, struct tle *t)
{
	double n = rng_range(r, 11.5, 16.0), a = axis_of(n);
	double emax = fmin(0.1, 1.0 - (RE + 240.0) / a);

	t->mean_motion = n;
	t->inclination = rng_range(r, 0.0, 180.0);
	if (rng_uniform(r) < 0.25 || emax <= 1.0e-4)
		t->eccentricity = rng_range(r, 0.0, 1.0e-4);
	else
		t->eccentricity = rng_range(r, 1.0e-4, emax);
	t->bstar = draw_bstar(r, 1.0e-6, 1.0e-3, 0.2);
}

/* Half a day (2.00 to 2.01 rev/day), e 0.65 to 0.75, i within 0.4 deg of 63.4 (where the
 * perigee stands still), perigee over the southern hemisphere. */
static void draw_molniya(struct rng *r, struct tle *t)
{
	t->mean_motion = rng_range(r, 2.00, 2.01);
	t->eccentricity = rng_range(r, 0.65, 0.75);
	t->inclination = rng_range(r, 63.0, 63.8);
	t->arg_perigee = rng_range(r, 250.0, 290.0);
	t->bstar = draw_bstar(r, 1.0e-6, 1.0e-4, 0.2);
}

/* Half a day (2.000 to 2.012 rev/day), near circular: e < 0.02 is far below the half-day
 * resonance's e >= 0.5, so no resonance. */
static void draw_gps(struct rng *r, struct tle *t)
{
	t->mean_motion = rng_range(r, 2.000, 2.012);
	t->eccentricity = rng_range(r, 0.0, 0.02);
	t->inclination = rng_range(r, 53.0, 57.0);
	t->bstar = draw_bstar(r, 1.0e-7, 1.0e-5, 0.3);
}

/* One day (0.99 to 1.01 rev/day), e < 0.001, i under 15 deg: both sides of the 0.2 rad
 * (11.5 deg) where the deep-space periodics switch to Lyddane's form. */
static void draw_geo(struct rng *r, struct tle *t)
{
	t->mean_motion = rng_range(r, 0.99, 1.01);
	t->eccentricity = rng_range(r, 0.0, 0.001);
	t->inclination = rng_range(r, 0.0, 15.0);
	t->bstar = draw_bstar(r, 1.0e-7, 1.0e-5, 0.3);
}

/* Perigee 100 to 170 km (below 156 km the density model moves), the apogee at most 20 km
 * higher, B* 1e-2 to 5e-2: the drag brings it down within hours (of 20000 sets, the
 * last one's first error came at 586 minutes), some to an error 6 first, most to an
 * eccentricity out of range (error 1); error 4 comes after either. */
static void draw_decaying(struct rng *r, struct tle *t)
{
	double hp = rng_range(r, 100.0, 170.0), ha = rng_range(r, hp, hp + 20.0);
	double a = RE + 0.5 * (hp + ha);

	t->mean_motion = mean_motion_of(a);
	t->eccentricity = 0.5 * (ha - hp) / a;
	t->inclination = rng_range(r, 0.0, 180.0);
	t->bstar = draw_bstar(r, 1.0e-2, 5.0e-2, 0.0);
}

const char *catalogue_kind_name(enum catalogue_kind kind)
{
	static const char *const names[CATALOGUE_KINDS] = {"leo", "molniya", "gps", "geo",
							   "decaying"};

	return kind >= 0 && kind < CATALOGUE_KINDS ? names[kind] : "?";
}

void catalogue_draw(uint64_t seed, const enum catalogue_kind *kinds, int nkinds, int n,
		    long first_satnum, struct tle *sets)
{
	struct rng r;

	rng_seed(&r, seed);
	for (int i = 0; i < n; i++) {
		struct tle *t = &sets[i];
		enum catalogue_kind kind = kinds[i % nkinds];

		draw_common(&r, first_satnum + i, t);
		snprintf(t->name, sizeof(t->name), "%s %d", catalogue_kind_name(kind), i);
		switch (kind) {
		case CATALOGUE_MOLNIYA:
			draw_molniya(&r, t);
			break;
		case CATALOGUE_GPS:
			draw_gps(&r, t);
			break;
		case CATALOGUE_GEO:
			draw_geo(&r, t);
			break;
		case CATALOGUE_DECAYING:
			draw_decaying(&r, t);
			break;
		default:
			draw_leo(&r, t);
			break;
		}
	}
}

int catalogue_records(const struct tle *sets, int n, struct sgp4_record *recs)
{
	const struct sgp4_gravity g = sgp4_gravity_wgs72();
	int refused = 0;

	for (int i = 0; i < n; i++)
		refused += sgp4_init(&sets[i], &g, 'i', &recs[i]) != 0;
	return refused;
}
