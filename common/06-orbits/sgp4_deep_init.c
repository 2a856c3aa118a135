/*
 * SDP4's initialisation (sgp4_init.h): Vallado's dscom, the sun's and moon's
 * long-period and secular coefficients, and his dsinit, their secular rates and the
 * geopotential resonances of one-day and half-day orbits.
 *
 * Ported from python-sgp4 2.15's propagation.py, (c) 2012-2016 Brandon Rhodes, MIT
 * licence (its notice is in sgp4_model.h), a line-by-line port of Vallado's C++; fmod
 * where the Python has %, as the C++ that wrote tcppver.out.
 */
#include <math.h>

#include "sgp4_init.h"

#define TWOPI 6.28318530717958647692
#define PI    3.14159265358979323846
/* earth's rotation rate, rad/min (7.29211514668855e-5 rad/s) */
#define RPTIM 4.37526908801129966e-3

/* dscom's coefficients of one perturbing body that dsinit uses */
struct body_terms {
	double s1, s2, s3, s4, s5, s6, s7;
	double z1, z2, z3, z11, z12, z13, z21, z22, z23, z31, z32, z33;
};

/* Where the body's orbit lies against the satellite's: its perigee (g), inclination (i)
 * and node (h) relative to the equator and the satellite's node. */
struct body_geometry {
	double zcosg, zsing, zcosi, zsini, zcosh, zsinh, cc;
};

/* One pass of dscom's loop over the sun and the moon. */
static void body_terms(const struct body_geometry *g, double em, double sinim, double cosim,
		       double sinomm, double cosomm, double xnoi, struct body_terms *b)
{
	double emsq = em * em, betasq = 1.0 - emsq, rtemsq = sqrt(betasq);
	double a1 = g->zcosg * g->zcosh + g->zsing * g->zcosi * g->zsinh;
	double a3 = -g->zsing * g->zcosh + g->zcosg * g->zcosi * g->zsinh;
	double a7 = -g->zcosg * g->zsinh + g->zsing * g->zcosi * g->zcosh;
	double a8 = g->zsing * g->zsini;
	double a9 = g->zsing * g->zsinh + g->zcosg * g->zcosi * g->zcosh;
	double a10 = g->zcosg * g->zsini;
	double a2 = cosim * a7 + sinim * a8, a4 = cosim * a9 + sinim * a10;
	double a5 = -sinim * a7 + cosim * a8, a6 = -sinim * a9 + cosim * a10;
	double x1 = a1 * cosomm + a2 * sinomm, x2 = a3 * cosomm + a4 * sinomm;
	double x3 = -a1 * sinomm + a2 * cosomm, x4 = -a3 * sinomm + a4 * cosomm;
	double x5 = a5 * sinomm, x6 = a6 * sinomm, x7 = a5 * cosomm, x8 = a6 * cosomm;

	b->z31 = 12.0 * x1 * x1 - 3.0 * x3 * x3;
	b->z32 = 24.0 * x1 * x2 - 6.0 * x3 * x4;
	b->z33 = 12.0 * x2 * x2 - 3.0 * x4 * x4;
	b->z1 = 3.0 * (a1 * a1 + a2 * a2) + b->z31 * emsq;
	b->z2 = 6.0 * (a1 * a3 + a2 * a4) + b->z32 * emsq;
	b->z3 = 3.0 * (a3 * a3 + a4 * a4) + b->z33 * emsq;
	b->z11 = -6.0 * a1 * a5 + emsq * (-24.0 * x1 * x7 - 6.0 * x3 * x5);
	b->z12 = -6.0 * (a1 * a6 + a3 * a5) +
		 emsq * (-24.0 * (x2 * x7 + x1 * x8) - 6.0 * (x3 * x6 + x4 * x5));
	b->z13 = -6.0 * a3 * a6 + emsq * (-24.0 * x2 * x8 - 6.0 * x4 * x6);
	b->z21 = 6.0 * a2 * a5 + emsq * (24.0 * x1 * x5 - 6.0 * x3 * x7);
	b->z22 = 6.0 * (a4 * a5 + a2 * a6) +
		 emsq * (24.0 * (x2 * x5 + x1 * x6) - 6.0 * (x4 * x7 + x3 * x8));
	b->z23 = 6.0 * a4 * a6 + emsq * (24.0 * x2 * x6 - 6.0 * x4 * x8);
	b->z1 = b->z1 + b->z1 + betasq * b->z31;
	b->z2 = b->z2 + b->z2 + betasq * b->z32;
	b->z3 = b->z3 + b->z3 + betasq * b->z33;
	b->s3 = g->cc * xnoi;
	b->s2 = -0.5 * b->s3 / rtemsq;
	b->s4 = b->s3 * rtemsq;
	b->s1 = -15.0 * em * b->s4;
	b->s5 = x1 * x3 + x2 * x4;
	b->s6 = x2 * x3 + x1 * x4;
	b->s7 = x2 * x4 - x1 * x3;
}

/* Vallado's dscom at epoch: the sun's (ss) and moon's (s) terms, and the long-period
 * coefficients dpper sums, into rec. */
static void dscom(double epoch, struct sgp4_record *rec, struct body_terms *ss,
		  struct body_terms *s)
{
	const double zes = 0.01675, zel = 0.05490, c1ss = 2.9864797e-6, c1l = 4.7968065e-7;
	double em = rec->ecco, emsq = em * em;
	double snodm = sin(rec->nodeo), cnodm = cos(rec->nodeo);
	double sinomm = sin(rec->argpo), cosomm = cos(rec->argpo);
	double sinim = sin(rec->inclo), cosim = cos(rec->inclo);
	/* days from 1900 January 0.5, the epoch of the lunar theory */
	double day = epoch + 18261.5;
	double xnodce = fmod(4.5236020 - 9.2422029e-4 * day, TWOPI);
	double stem = sin(xnodce), ctem = cos(xnodce);
	double zcosil = 0.91375164 - 0.03568096 * ctem, zsinil = sqrt(1.0 - zcosil * zcosil);
	double zsinhl = 0.089683511 * stem / zsinil, zcoshl = sqrt(1.0 - zsinhl * zsinhl);
	double gam = 5.8351514 + 0.0019443680 * day;
	double zx = 0.39785416 * stem / zsinil, zy = zcoshl * ctem + 0.91744867 * zsinhl * stem;
	struct body_geometry sun = {0.1945905, -0.98088458, 0.91744867, 0.39785416,
				    cnodm,     snodm,	    c1ss};
	struct body_geometry moon;

	zx = atan2(zx, zy);
	zx = gam + zx - xnodce;
	moon.zcosg = cos(zx), moon.zsing = sin(zx);
	moon.zcosi = zcosil, moon.zsini = zsinil;
	moon.zcosh = zcoshl * cnodm + zsinhl * snodm;
	moon.zsinh = snodm * zcoshl - cnodm * zsinhl;
	moon.cc = c1l;
	body_terms(&sun, em, sinim, cosim, sinomm, cosomm, 1.0 / rec->no_unkozai, ss);
	body_terms(&moon, em, sinim, cosim, sinomm, cosomm, 1.0 / rec->no_unkozai, s);

	rec->zmol = fmod(4.7199672 + 0.22997150 * day - gam, TWOPI);
	rec->zmos = fmod(6.2565837 + 0.017201977 * day, TWOPI);
	rec->se2 = 2.0 * ss->s1 * ss->s6;
	rec->se3 = 2.0 * ss->s1 * ss->s7;
	rec->si2 = 2.0 * ss->s2 * ss->z12;
	rec->si3 = 2.0 * ss->s2 * (ss->z13 - ss->z11);
	rec->sl2 = -2.0 * ss->s3 * ss->z2;
	rec->sl3 = -2.0 * ss->s3 * (ss->z3 - ss->z1);
	rec->sl4 = -2.0 * ss->s3 * (-21.0 - 9.0 * emsq) * zes;
	rec->sgh2 = 2.0 * ss->s4 * ss->z32;
	rec->sgh3 = 2.0 * ss->s4 * (ss->z33 - ss->z31);
	rec->sgh4 = -18.0 * ss->s4 * zes;
	rec->sh2 = -2.0 * ss->s2 * ss->z22;
	rec->sh3 = -2.0 * ss->s2 * (ss->z23 - ss->z21);
	rec->ee2 = 2.0 * s->s1 * s->s6;
	rec->e3 = 2.0 * s->s1 * s->s7;
	rec->xi2 = 2.0 * s->s2 * s->z12;
	rec->xi3 = 2.0 * s->s2 * (s->z13 - s->z11);
	rec->xl2 = -2.0 * s->s3 * s->z2;
	rec->xl3 = -2.0 * s->s3 * (s->z3 - s->z1);
	rec->xl4 = -2.0 * s->s3 * (-21.0 - 9.0 * emsq) * zel;
	rec->xgh2 = 2.0 * s->s4 * s->z32;
	rec->xgh3 = 2.0 * s->s4 * (s->z33 - s->z31);
	rec->xgh4 = -18.0 * s->s4 * zel;
	rec->xh2 = -2.0 * s->s2 * s->z22;
	rec->xh3 = -2.0 * s->s2 * (s->z23 - s->z21);
}

/* dsinit's lunar-solar secular rates of the elements. */
static void secular_rates(struct sgp4_record *rec, const struct body_terms *ss,
			  const struct body_terms *s)
{
	const double znl = 1.5835218e-4, zns = 1.19459e-5;
	double emsq = rec->ecco * rec->ecco, inclm = rec->inclo;
	double sinim = sin(inclm), cosim = cos(inclm);
	/* within 3 degrees of the equator the node's rate is dropped (sgp4fix 180 deg) */
	int near_equator = inclm < 5.2359877e-2 || inclm > PI - 5.2359877e-2;
	double ses = ss->s1 * zns * ss->s5;
	double sis = ss->s2 * zns * (ss->z11 + ss->z13);
	double sls = -zns * ss->s3 * (ss->z1 + ss->z3 - 14.0 - 6.0 * emsq);
	double sghs = ss->s4 * zns * (ss->z31 + ss->z33 - 6.0);
	double shs = -zns * ss->s2 * (ss->z21 + ss->z23);
	double sgs, sghl, shll;

	if (near_equator)
		shs = 0.0;
	if (sinim != 0.0)
		shs = shs / sinim;
	sgs = sghs - cosim * shs;
	rec->dedt = ses + s->s1 * znl * s->s5;
	rec->didt = sis + s->s2 * znl * (s->z11 + s->z13);
	rec->dmdt = sls - znl * s->s3 * (s->z1 + s->z3 - 14.0 - 6.0 * emsq);
	sghl = s->s4 * znl * (s->z31 + s->z33 - 6.0);
	shll = -znl * s->s2 * (s->z21 + s->z23);
	if (near_equator)
		shll = 0.0;
	rec->domdt = sgs + sghl;
	rec->dnodt = shs;
	if (sinim != 0.0) {
		rec->domdt = rec->domdt - cosim / sinim * shll;
		rec->dnodt = rec->dnodt + shll / sinim;
	}
}

/* The eccentricity functions G of the half-day resonance: cubics in e fitted on either
 * side of e = 0.65 (and of 0.715 and 0.7). */
struct half_day_g {
	double g201, g211, g310, g322, g410, g422, g520, g521, g532, g533;
};

static struct half_day_g half_day_g(double em)
{
	double emsq = em * em, eoc = em * emsq;
	struct half_day_g g;

	g.g201 = -0.306 - (em - 0.64) * 0.440;
	if (em <= 0.65) {
		g.g211 = 3.616 - 13.2470 * em + 16.2900 * emsq;
		g.g310 = -19.302 + 117.3900 * em - 228.4190 * emsq + 156.5910 * eoc;
		g.g322 = -18.9068 + 109.7927 * em - 214.6334 * emsq + 146.5816 * eoc;
		g.g410 = -41.122 + 242.6940 * em - 471.0940 * emsq + 313.9530 * eoc;
		g.g422 = -146.407 + 841.8800 * em - 1629.014 * emsq + 1083.4350 * eoc;
		g.g520 = -532.114 + 3017.977 * em - 5740.032 * emsq + 3708.2760 * eoc;
	} else {
		g.g211 = -72.099 + 331.819 * em - 508.738 * emsq + 266.724 * eoc;
		g.g310 = -346.844 + 1582.851 * em - 2415.925 * emsq + 1246.113 * eoc;
		g.g322 = -342.585 + 1554.908 * em - 2366.899 * emsq + 1215.972 * eoc;
		g.g410 = -1052.797 + 4758.686 * em - 7193.992 * emsq + 3651.957 * eoc;
		g.g422 = -3581.690 + 16178.110 * em - 24462.770 * emsq + 12422.520 * eoc;
		if (em > 0.715)
			g.g520 = -5149.66 + 29936.92 * em - 54087.36 * emsq + 31324.56 * eoc;
		else
			g.g520 = 1464.74 - 4664.75 * em + 3763.64 * emsq;
	}
	if (em < 0.7) {
		g.g533 = -919.22770 + 4988.6100 * em - 9064.7700 * emsq + 5542.21 * eoc;
		g.g521 = -822.71072 + 4568.6173 * em - 8491.4146 * emsq + 5337.524 * eoc;
		g.g532 = -853.66600 + 4690.2500 * em - 8624.7700 * emsq + 5341.4 * eoc;
	} else {
		g.g533 = -37995.780 + 161616.52 * em - 229838.20 * emsq + 109377.94 * eoc;
		g.g521 = -51752.104 + 218913.95 * em - 309468.16 * emsq + 146349.42 * eoc;
		g.g532 = -40023.880 + 170470.89 * em - 242699.48 * emsq + 115605.82 * eoc;
	}
	return g;
}

/* dsinit's half-day (12-hour, Molniya-like) resonance coefficients. */
static void half_day_resonance(struct sgp4_record *rec, double nm, double aonv, double theta)
{
	const double root22 = 1.7891679e-6, root32 = 3.7393792e-7, root44 = 7.3636953e-9;
	const double root52 = 1.1428639e-7, root54 = 2.1765803e-9;
	double sinim = sin(rec->inclo), cosim = cos(rec->inclo), cosisq = cosim * cosim;
	double sini2 = sinim * sinim;
	struct half_day_g g = half_day_g(rec->ecco);
	double f220 = 0.75 * (1.0 + 2.0 * cosim + cosisq);
	double f221 = 1.5 * sini2;
	double f321 = 1.875 * sinim * (1.0 - 2.0 * cosim - 3.0 * cosisq);
	double f322 = -1.875 * sinim * (1.0 + 2.0 * cosim - 3.0 * cosisq);
	double f441 = 35.0 * sini2 * f220;
	double f442 = 39.3750 * sini2 * sini2;
	double f522 = 9.84375 * sinim *
		      (sini2 * (1.0 - 2.0 * cosim - 5.0 * cosisq) +
		       0.33333333 * (-2.0 + 4.0 * cosim + 6.0 * cosisq));
	double f523 = sinim * (4.92187512 * sini2 * (-2.0 - 4.0 * cosim + 10.0 * cosisq) +
			       6.56250012 * (1.0 + 2.0 * cosim - 3.0 * cosisq));
	double f542 =
	    29.53125 * sinim * (2.0 - 8.0 * cosim + cosisq * (-12.0 + 8.0 * cosim + 10.0 * cosisq));
	double f543 =
	    29.53125 * sinim * (-2.0 - 8.0 * cosim + cosisq * (12.0 + 8.0 * cosim - 10.0 * cosisq));
	double xno2 = nm * nm, ainv2 = aonv * aonv;
	double temp1 = 3.0 * xno2 * ainv2, temp = temp1 * root22;

	rec->d2201 = temp * f220 * g.g201;
	rec->d2211 = temp * f221 * g.g211;
	temp1 = temp1 * aonv;
	temp = temp1 * root32;
	rec->d3210 = temp * f321 * g.g310;
	rec->d3222 = temp * f322 * g.g322;
	temp1 = temp1 * aonv;
	temp = 2.0 * temp1 * root44;
	rec->d4410 = temp * f441 * g.g410;
	rec->d4422 = temp * f442 * g.g422;
	temp1 = temp1 * aonv;
	temp = temp1 * root52;
	rec->d5220 = temp * f522 * g.g520;
	rec->d5232 = temp * f523 * g.g532;
	temp = 2.0 * temp1 * root54;
	rec->d5421 = temp * f542 * g.g521;
	rec->d5433 = temp * f543 * g.g533;
	rec->xlamo = fmod(rec->mo + rec->nodeo + rec->nodeo - theta - theta, TWOPI);
	rec->xfact =
	    rec->mdot + rec->dmdt + 2.0 * (rec->nodedot + rec->dnodt - RPTIM) - rec->no_unkozai;
}

/* dsinit's synchronous (one-day, geostationary-like) resonance coefficients. */
static void synchronous_resonance(struct sgp4_record *rec, double nm, double aonv, double theta,
				  double xpidot)
{
	const double q22 = 1.7891679e-6, q31 = 2.1460748e-6, q33 = 2.2123015e-7;
	double emsq = rec->ecco * rec->ecco;
	double sinim = sin(rec->inclo), cosim = cos(rec->inclo);
	double g200 = 1.0 + emsq * (-2.5 + 0.8125 * emsq);
	double g310 = 1.0 + 2.0 * emsq;
	double g300 = 1.0 + emsq * (-6.0 + 6.60937 * emsq);
	double f220 = 0.75 * (1.0 + cosim) * (1.0 + cosim);
	double f311 = 0.9375 * sinim * sinim * (1.0 + 3.0 * cosim) - 0.75 * (1.0 + cosim);
	double f330 = 1.0 + cosim;

	f330 = 1.875 * f330 * f330 * f330;
	rec->del1 = 3.0 * nm * nm * aonv * aonv;
	rec->del2 = 2.0 * rec->del1 * f220 * g200 * q22;
	rec->del3 = 3.0 * rec->del1 * f330 * g300 * q33 * aonv;
	rec->del1 = rec->del1 * f311 * g310 * q31 * aonv;
	rec->xlamo = fmod(rec->mo + rec->nodeo + rec->argpo - theta, TWOPI);
	rec->xfact =
	    rec->mdot + xpidot - RPTIM + rec->dmdt + rec->domdt + rec->dnodt - rec->no_unkozai;
}

void sgp4_deep_init(struct sgp4_record *rec, double epoch, double xpidot)
{
	struct body_terms ss, s;
	double nm = rec->no_unkozai, theta, aonv;

	dscom(epoch, rec, &ss, &s);
	/* Vallado's dpper call here, with init 'y', changes no element: nothing to port */
	rec->irez = 0;
	if (0.0034906585 < nm && nm < 0.0052359877)
		rec->irez = 1;
	if (8.26e-3 <= nm && nm <= 9.24e-3 && rec->ecco >= 0.5)
		rec->irez = 2;
	secular_rates(rec, &ss, &s);
	if (rec->irez == 0)
		return;
	theta = fmod(rec->gsto, TWOPI);
	aonv = pow(nm / rec->xke, 2.0 / 3.0);
	if (rec->irez == 2)
		half_day_resonance(rec, nm, aonv, theta);
	else
		synchronous_resonance(rec, nm, aonv, theta, xpidot);
}
