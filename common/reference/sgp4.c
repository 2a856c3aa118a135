/*
 * The CPU reference of SGP4 (sgp4.h): Vallado's sgp4() from the pieces of sgp4_model.h,
 * with the Kepler solve and the scaling to km and km/s written here, apart from any
 * kernel's.
 *
 * Ported from python-sgp4 2.15's propagation.py, (c) 2012-2016 Brandon Rhodes, MIT
 * licence (its notice is in sgp4_model.h), a line-by-line port of Vallado's C++.
 */
#include <math.h>

#include "sgp4.h"

/* Vallado's Newton iteration for E - axnl sin E + aynl cos E = u: at most 10 steps, each
 * clamped to 0.95 rad, which keeps a near-parabolic orbit from overshooting. Leaves the
 * sine and cosine of the last iterate a step was computed at, which is what his
 * short-period terms use. */
static void kepler(const struct sgp4_long_period *lp, double *sineo1, double *coseo1)
{
	double eo1 = lp->u, tem5 = 9999.9;

	for (int ktr = 1; fabs(tem5) >= 1.0e-12 && ktr <= 10; ktr++) {
		*sineo1 = sin(eo1);
		*coseo1 = cos(eo1);
		tem5 = 1.0 - *coseo1 * lp->axnl - *sineo1 * lp->aynl;
		tem5 = (lp->u - lp->aynl * *coseo1 + lp->axnl * *sineo1 - eo1) / tem5;
		if (fabs(tem5) >= 0.95)
			tem5 = tem5 > 0.0 ? 0.95 : -0.95;
		eo1 = eo1 + tem5;
	}
}

int sgp4_ref_carried(const struct sgp4_record *rec, struct sgp4_resonance *res, double tsince_min,
		     double r_km[3], double v_kms[3])
{
	struct sgp4_mean m;
	struct sgp4_periodic p;
	struct sgp4_long_period lp;
	double sineo1, coseo1, r[3], v[3];
	double vkmpersec = rec->radiusearthkm * rec->xke / 60.0;
	int err;

	sgp4_secular(rec, tsince_min, &m);
	sgp4_dspace(rec, res, &m);
	err = sgp4_mean_elements(rec, &m);
	if (err)
		return err;
	err = sgp4_dpper(rec, &m, &p);
	if (err)
		return err;
	sgp4_long_period(rec, &m, &p, &lp);
	kepler(&lp, &sineo1, &coseo1);
	err = sgp4_short_period(rec, &m, &p, &lp, sineo1, coseo1, r, v);
	if (err == 4)
		return err;
	for (int k = 0; k < 3; k++) {
		r_km[k] = r[k] * rec->radiusearthkm;
		v_kms[k] = v[k] * vkmpersec;
	}
	return err;
}

int sgp4_ref(const struct sgp4_record *rec, double tsince_min, double r_km[3], double v_kms[3])
{
	struct sgp4_resonance res = {0.0, 0.0, 0.0};

	return sgp4_ref_carried(rec, &res, tsince_min, r_km, v_kms);
}
