/*
 * SGP4 in float against sgp4_ref in double (lab 06's CPU bench, `sgp4_cpu float FILE`):
 * every set of a catalogue at every minute of a week, each variant's worst position
 * distance from sgp4_ref over the first day and over the week, where both give a state
 * of code 0, and how many times their codes differ. The variants:
 *
 *   float       everything in float (sgp4_float.c): the record, the time, every piece
 *   float_mean  the time, the secular terms and the mean elements in double (the angles
 *               reduced to one turn there), the rest in float (sgp4_float.c)
 *   mixed       double, but the short-period (J2) corrections in float: each term that
 *               short_period_mixed adds to the radius, the argument of latitude, the
 *               node, the inclination and the two velocities
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "peers.h"
#include "sgp4.h"

/* sgp4_short_period (sgp4_model.h) with its J2 corrections computed in float and added
 * to the double terms they correct. */
static int short_period_mixed(const struct sgp4_record *rec, const struct sgp4_mean *m,
			      const struct sgp4_periodic *p, const struct sgp4_long_period *lp,
			      double sineo1, double coseo1, double r[3], double v[3])
{
	double axnl = lp->axnl, aynl = lp->aynl;
	double ecose = axnl * coseo1 + aynl * sineo1, esine = axnl * sineo1 - aynl * coseo1;
	double el2 = axnl * axnl + aynl * aynl, pl = m->am * (1.0 - el2);
	double rl, rdotl, rvdotl, betal, temp, sinu, cosu, su, mrt, xnode, xinc, mvt, rvdot;
	float con41 = rec->con41, x1mth2 = rec->x1mth2, x7thm1 = rec->x7thm1;
	float cosip = p->cosip, sinip = p->sinip, temp1, temp2, sin2u, cos2u, tempf;

	if (pl < 0.0)
		return 4;
	rl = m->am * (1.0 - ecose);
	rdotl = sqrt(m->am) * esine / rl;
	rvdotl = sqrt(pl) / rl;
	betal = sqrt(1.0 - el2);
	temp = esine / (1.0 + betal);
	sinu = m->am / rl * (sineo1 - aynl - axnl * temp);
	cosu = m->am / rl * (coseo1 - axnl + aynl * temp);
	su = atan2(sinu, cosu);
	sin2u = (float)((cosu + cosu) * sinu);
	cos2u = (float)(1.0 - 2.0 * sinu * sinu);
	tempf = 1.0f / (float)pl;
	temp1 = 0.5f * (float)rec->j2 * tempf;
	temp2 = temp1 * tempf;
	if (rec->method == SGP4_DEEP_SPACE) {
		float cosisq = cosip * cosip;
		con41 = 3.0f * cosisq - 1.0f;
		x1mth2 = 1.0f - cosisq;
		x7thm1 = 7.0f * cosisq - 1.0f;
	}
	mrt = rl + (double)((float)rl * (-1.5f * temp2 * (float)betal * con41) +
			    0.5f * temp1 * x1mth2 * cos2u);
	su = su - (double)(0.25f * temp2 * x7thm1 * sin2u);
	xnode = p->nodep + (double)(1.5f * temp2 * cosip * sin2u);
	xinc = p->xincp + (double)(1.5f * temp2 * cosip * sinip * cos2u);
	mvt = rdotl - (double)((float)m->nm * temp1 * x1mth2 * sin2u / (float)rec->xke);
	rvdot = rvdotl +
		(double)((float)m->nm * temp1 * (x1mth2 * cos2u + 1.5f * con41) / (float)rec->xke);

	double sinsu = sin(su), cossu = cos(su), snod = sin(xnode), cnod = cos(xnode);
	double sini = sin(xinc), cosi = cos(xinc), xmx = -snod * cosi, xmy = cnod * cosi;
	double ux = xmx * sinsu + cnod * cossu, uy = xmy * sinsu + snod * cossu, uz = sini * sinsu;
	double vx = xmx * cossu - cnod * sinsu, vy = xmy * cossu - snod * sinsu, vz = sini * cossu;
	r[0] = mrt * ux, r[1] = mrt * uy, r[2] = mrt * uz;
	v[0] = mvt * ux + rvdot * vx;
	v[1] = mvt * uy + rvdot * vy;
	v[2] = mvt * uz + rvdot * vz;
	return mrt < 1.0 ? 6 : 0;
}

/* sgp4_ref's Kepler loop (common/reference/sgp4.c), for the mixed variant */
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

enum variant { FLOAT_ALL, FLOAT_MEAN, MIXED, VARIANTS };
static const char *const variant_name[VARIANTS] = {"float", "float_mean", "mixed"};

static int propagate(enum variant var, const struct sgp4_record *rec, const void *frec, double t,
		     double r[3], double v[3])
{
	const double rkm = rec->radiusearthkm, vkms = rec->radiusearthkm * rec->xke / 60.0;
	struct sgp4_resonance res = {0.0, 0.0, 0.0};
	struct sgp4_mean m;
	struct sgp4_periodic p;
	struct sgp4_long_period lp;
	double s, c;
	int err;

	if (var == FLOAT_ALL)
		return sgp4f_plain(frec, t, rkm, vkms, r, v);
	sgp4_secular(rec, t, &m);
	sgp4_dspace(rec, &res, &m);
	err = sgp4_mean_elements(rec, &m);
	if (err)
		return err;
	if (var == FLOAT_MEAN)
		return sgp4f_after_mean(frec, (const double *)&m, sizeof(m) / sizeof(double), rkm,
					vkms, r, v);
	err = sgp4_dpper(rec, &m, &p);
	if (err)
		return err;
	sgp4_long_period(rec, &m, &p, &lp);
	kepler(&lp, &s, &c);
	err = short_period_mixed(rec, &m, &p, &lp, s, c, r, v);
	if (err == 4)
		return err;
	for (int k = 0; k < 3; k++)
		r[k] *= rkm, v[k] *= vkms;
	return err;
}

int float_study(const char *path)
{
	struct sgp4_record *recs;
	const int day = 1440, week = 7 * 1440;
	const size_t doff = offsetof(struct sgp4_record, jdsatepoch);
	const size_t nd = (sizeof(struct sgp4_record) - doff) / sizeof(double);
	int n = peers_read(path, &recs);
	char *frecs;

	if (n < 0)
		return 1;
	frecs = malloc((size_t)n * sgp4f_record_size());
	for (int i = 0; i < n; i++)
		if (sgp4f_record(&recs[i], doff, nd, frecs + (size_t)i * sgp4f_record_size())) {
			fprintf(stderr, "sgp4_cpu float: the float record does not line up\n");
			return 1;
		}
	for (int var = 0; var < VARIANTS; var++) {
		double worst_day = 0.0, worst_week = 0.0;
		long differ = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(max : worst_day, worst_week)            \
    reduction(+ : differ)
		for (int i = 0; i < n; i++)
			for (int k = 0; k <= week; k++) {
				double r[3], v[3], rf[3], vf[3], d;
				int code = sgp4_ref(&recs[i], k, r, v);
				int codef =
				    propagate(var, &recs[i],
					      frecs + (size_t)i * sgp4f_record_size(), k, rf, vf);
				if ((code == 0) != (codef == 0))
					differ++;
				if (code || codef)
					continue;
				d = sqrt(pow(r[0] - rf[0], 2) + pow(r[1] - rf[1], 2) +
					 pow(r[2] - rf[2], 2));
				if (d != d)
					d = INFINITY;
				if (k <= day)
					worst_day = fmax(worst_day, d);
				worst_week = fmax(worst_week, d);
			}
		printf("%s %.6g %.6g %ld\n", variant_name[var], worst_day * 1e3, worst_week * 1e3,
		       differ);
	}
	free(frecs), free(recs);
	return 0;
}
