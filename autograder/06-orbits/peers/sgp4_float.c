/*
 * SGP4 in float, for the float study of lab 06's CPU bench (float_study.c): the course's
 * own model (sgp4_model.h, sgp4_deep.h) compiled with double spelt float, its
 * literals single precision (-fsingle-precision-constant, bench-cpu.sh) and its libm
 * calls the float ones (tgmath.h): the arithmetic a float kernel of step 6.e would do.
 * Only this file is float; peers.h's functions take and return doubles.
 */
#include <stddef.h>
#include <string.h>
#include <tgmath.h>

#define double float
#include "sgp4_model.h"
#undef double

#include "peers.h"

/* Vallado's Newton loop as sgp4_ref's (common/reference/sgp4.c), in float: its 1e-12
 * is never reached, so it always takes its 10 steps. */
static void kepler_f(const struct sgp4_long_period *lp, float *sineo1, float *coseo1)
{
	float eo1 = lp->u, tem5 = 9999.9f;

	for (int ktr = 1; fabs(tem5) >= 1.0e-12f && ktr <= 10; ktr++) {
		*sineo1 = sin(eo1);
		*coseo1 = cos(eo1);
		tem5 = 1.0f - *coseo1 * lp->axnl - *sineo1 * lp->aynl;
		tem5 = (lp->u - lp->aynl * *coseo1 + lp->axnl * *sineo1 - eo1) / tem5;
		if (fabs(tem5) >= 0.95f)
			tem5 = tem5 > 0.0f ? 0.95f : -0.95f;
		eo1 = eo1 + tem5;
	}
}

size_t sgp4f_record_size(void)
{
	return sizeof(struct sgp4_record);
}

int sgp4f_record(const void *drec, size_t doff, size_t nd, void *frec)
{
	const size_t foff = offsetof(struct sgp4_record, jdsatepoch);
	const double *d = (const double *)((const char *)drec + doff);
	float *f = (float *)((char *)frec + foff);

	if (doff != foff || foff + nd * sizeof(float) > sizeof(struct sgp4_record))
		return -1;
	memcpy(frec, drec, foff);
	for (size_t k = 0; k < nd; k++)
		f[k] = (float)d[k];
	return 0;
}

/* From the mean elements on, in float; r and v in earth radii (and its units). */
static int after_mean(const struct sgp4_record *rec, struct sgp4_mean *m, float r[3], float v[3])
{
	struct sgp4_periodic p;
	struct sgp4_long_period lp;
	float sineo1, coseo1;
	int err = sgp4_dpper(rec, m, &p);

	if (err)
		return err;
	sgp4_long_period(rec, m, &p, &lp);
	kepler_f(&lp, &sineo1, &coseo1);
	return sgp4_short_period(rec, m, &p, &lp, sineo1, coseo1, r, v);
}

int sgp4f_plain(const void *frec, double t, double rkm, double vkms, double r_km[3],
		double v_kms[3])
{
	const struct sgp4_record *rec = frec;
	struct sgp4_resonance res = {0.0f, 0.0f, 0.0f};
	struct sgp4_mean m;
	float r[3], v[3], fr = (float)rkm, fv = (float)vkms;
	int err;

	sgp4_secular(rec, (float)t, &m);
	sgp4_dspace(rec, &res, &m);
	err = sgp4_mean_elements(rec, &m);
	if (err)
		return err;
	err = after_mean(rec, &m, r, v);
	if (err == 4)
		return err;
	for (int c = 0; c < 3; c++)
		r_km[c] = r[c] * fr, v_kms[c] = v[c] * fv;
	return err;
}

int sgp4f_after_mean(const void *frec, const double *md, size_t nm, double rkm, double vkms,
		     double r_km[3], double v_kms[3])
{
	struct sgp4_mean m;
	float *mf = (float *)&m, r[3], v[3];
	int err;

	if (nm * sizeof(float) != sizeof(m))
		return -1;
	for (size_t k = 0; k < nm; k++)
		mf[k] = (float)md[k];
	err = after_mean(frec, &m, r, v);
	if (err == 4)
		return err;
	for (int c = 0; c < 3; c++)
		r_km[c] = (double)r[c] * rkm, v_kms[c] = (double)v[c] * vkms;
	return err;
}
