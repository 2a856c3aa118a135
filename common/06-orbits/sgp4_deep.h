/**
 * @file sgp4_deep.h
 * @brief The deep-space pieces of SGP4 (SDP4): the lunar-solar secular terms and the
 *        resonances (Vallado's dspace), the lunar-solar long-period periodics (his
 *        dpper). Included by sgp4_model.h; each piece does nothing near earth.
 *
 * Ported from python-sgp4 2.15's propagation.py, (c) 2012-2016 Brandon Rhodes, MIT
 * licence (its notice is in sgp4_model.h), a line-by-line port of Vallado's C++. Where
 * the Python departs from that C++ (Python's % for fmod, a regrouped sum in dpper),
 * this follows the C++, whose output the verification file tcppver.out is.
 */
#ifndef COMMON_SGP4_DEEP_H
#define COMMON_SGP4_DEEP_H

#include <math.h>

#include "sgp4_record.h"

/** @brief The half-day resonance's rates of the mean motion and the resonant angle. */
SGP4_FN void sgp4_half_day_rates(const struct sgp4_record *rec, const struct sgp4_resonance *res,
				 double *xndt, double *xnddt)
{
	const double g22 = 5.7686396, g32 = 0.95240898, g44 = 1.8014998, g52 = 1.0508330;
	const double g54 = 4.4108898;
	double xli = res->xli, xomi = rec->argpo + rec->argpdot * res->atime;
	double x2omi = xomi + xomi, x2li = xli + xli;

	*xndt = rec->d2201 * sin(x2omi + xli - g22) + rec->d2211 * sin(xli - g22) +
		rec->d3210 * sin(xomi + xli - g32) + rec->d3222 * sin(-xomi + xli - g32) +
		rec->d4410 * sin(x2omi + x2li - g44) + rec->d4422 * sin(x2li - g44) +
		rec->d5220 * sin(xomi + xli - g52) + rec->d5232 * sin(-xomi + xli - g52) +
		rec->d5421 * sin(xomi + x2li - g54) + rec->d5433 * sin(-xomi + x2li - g54);
	*xnddt = rec->d2201 * cos(x2omi + xli - g22) + rec->d2211 * cos(xli - g22) +
		 rec->d3210 * cos(xomi + xli - g32) + rec->d3222 * cos(-xomi + xli - g32) +
		 rec->d5220 * cos(xomi + xli - g52) + rec->d5232 * cos(-xomi + xli - g52) +
		 2.0 * (rec->d4410 * cos(x2omi + x2li - g44) + rec->d4422 * cos(x2li - g44) +
			rec->d5421 * cos(xomi + x2li - g54) + rec->d5433 * cos(-xomi + x2li - g54));
}

/** @brief The synchronous (one-day) resonance's rates, as sgp4_half_day_rates. */
SGP4_FN void sgp4_synchronous_rates(const struct sgp4_record *rec, const struct sgp4_resonance *res,
				    double *xndt, double *xnddt)
{
	const double fasx2 = 0.13130908, fasx4 = 2.8843198, fasx6 = 0.37448087;
	double xli = res->xli;

	*xndt = rec->del1 * sin(xli - fasx2) + rec->del2 * sin(2.0 * (xli - fasx4)) +
		rec->del3 * sin(3.0 * (xli - fasx6));
	*xnddt = rec->del1 * cos(xli - fasx2) + 2.0 * rec->del2 * cos(2.0 * (xli - fasx4)) +
		 3.0 * rec->del3 * cos(3.0 * (xli - fasx6));
}

/**
 * @brief Deep-space secular terms (Vallado's dspace): the sun's and moon's averaged
 *        rates, then for a resonant orbit the resonance integrated from epoch in 720-minute
 *        Euler-Maclaurin steps, which sets the mean motion and mean anomaly.
 *
 * The integration carries on from @p res where that lies between epoch and @p m->t, as
 * Vallado's does from satrec; an all-zero @p res restarts it from epoch.
 */
SGP4_FN void sgp4_dspace(const struct sgp4_record *rec, struct sgp4_resonance *res,
			 struct sgp4_mean *m)
{
	const double twopi = 6.28318530717958647692;
	const double rptim = 4.37526908801129966e-3; /* earth's rotation, rad/min */
	const double stepp = 720.0, stepn = -720.0, step2 = 259200.0;
	double t = m->t, theta, delt, ft = 0.0, xndt = 0.0, xnddt = 0.0, xldot = 0.0, xl;

	if (rec->method != SGP4_DEEP_SPACE)
		return;
	theta = fmod(rec->gsto + t * rptim, twopi);
	m->em = m->em + rec->dedt * t;
	m->inclm = m->inclm + rec->didt * t;
	m->argpm = m->argpm + rec->domdt * t;
	m->nodem = m->nodem + rec->dnodt * t;
	m->mm = m->mm + rec->dmdt * t;
	if (rec->irez == 0)
		return;

	/* a state on the far side of epoch, or beyond t, cannot be stepped towards t */
	if (res->atime == 0.0 || t * res->atime <= 0.0 || fabs(t) < fabs(res->atime)) {
		res->atime = 0.0;
		res->xni = rec->no_unkozai;
		res->xli = rec->xlamo;
	}
	delt = t > 0.0 ? stepp : stepn;
	for (;;) {
		if (rec->irez != 2)
			sgp4_synchronous_rates(rec, res, &xndt, &xnddt);
		else
			sgp4_half_day_rates(rec, res, &xndt, &xnddt);
		xldot = res->xni + rec->xfact;
		xnddt = xnddt * xldot;
		if (fabs(t - res->atime) < stepp) {
			ft = t - res->atime;
			break;
		}
		res->xli = res->xli + xldot * delt + xndt * step2;
		res->xni = res->xni + xndt * delt + xnddt * step2;
		res->atime = res->atime + delt;
	}
	m->nm = res->xni + xndt * ft + xnddt * ft * ft * 0.5;
	xl = res->xli + xldot * ft + xndt * ft * ft * 0.5;
	if (rec->irez != 1)
		m->mm = xl - 2.0 * m->nodem + 2.0 * theta;
	else
		m->mm = xl - m->nodem - m->argpm + theta;
	/* Vallado's round trip through dndt, kept for his rounding */
	m->nm = rec->no_unkozai + (m->nm - rec->no_unkozai);
}

/**
 * @brief The lunar-solar long-period periodics (Vallado's dpper, after init) added to
 *        the mean elements @p m of a deep-space orbit; near earth @p p gets @p m as it is.
 * @return 0, or 3 when the perturbed eccentricity leaves [0, 1].
 */
SGP4_FN int sgp4_dpper(const struct sgp4_record *rec, const struct sgp4_mean *m,
		       struct sgp4_periodic *p)
{
	const double zns = 1.19459e-5, zes = 0.01675, znl = 1.5835218e-4, zel = 0.05490;
	const double pi = 3.14159265358979323846, twopi = 2.0 * pi;
	double zm, zf, sinzf, f2, f3, ses, sis, sls, sghs, shs, sel, sil, sll, sghl, shll;
	double pe, pinc, pl, pgh, ph;

	p->ep = m->em, p->xincp = m->inclm, p->nodep = m->nodem;
	p->argpp = m->argpm, p->mp = m->mm;
	if (rec->method == SGP4_DEEP_SPACE) {
		zm = rec->zmos + zns * m->t;
		zf = zm + 2.0 * zes * sin(zm);
		sinzf = sin(zf);
		f2 = 0.5 * sinzf * sinzf - 0.25;
		f3 = -0.5 * sinzf * cos(zf);
		ses = rec->se2 * f2 + rec->se3 * f3;
		sis = rec->si2 * f2 + rec->si3 * f3;
		sls = rec->sl2 * f2 + rec->sl3 * f3 + rec->sl4 * sinzf;
		sghs = rec->sgh2 * f2 + rec->sgh3 * f3 + rec->sgh4 * sinzf;
		shs = rec->sh2 * f2 + rec->sh3 * f3;
		zm = rec->zmol + znl * m->t;
		zf = zm + 2.0 * zel * sin(zm);
		sinzf = sin(zf);
		f2 = 0.5 * sinzf * sinzf - 0.25;
		f3 = -0.5 * sinzf * cos(zf);
		sel = rec->ee2 * f2 + rec->e3 * f3;
		sil = rec->xi2 * f2 + rec->xi3 * f3;
		sll = rec->xl2 * f2 + rec->xl3 * f3 + rec->xl4 * sinzf;
		sghl = rec->xgh2 * f2 + rec->xgh3 * f3 + rec->xgh4 * sinzf;
		shll = rec->xh2 * f2 + rec->xh3 * f3;
		pe = ses + sel - rec->peo;
		pinc = sis + sil - rec->pinco;
		pl = sls + sll - rec->plo;
		pgh = sghs + sghl - rec->pgho;
		ph = shs + shll - rec->pho;
		p->xincp = p->xincp + pinc;
		p->ep = p->ep + pe;
		double sinip = sin(p->xincp), cosip = cos(p->xincp);
		/* GSFC's choice: the perturbed inclination decides, 0.2 rad = 11.46 deg */
		if (p->xincp >= 0.2) {
			ph = ph / sinip;
			pgh = pgh - cosip * ph;
			p->argpp = p->argpp + pgh;
			p->nodep = p->nodep + ph;
			p->mp = p->mp + pl;
		} else {
			/* Lyddane's form: the node is ill-defined at low inclination */
			double sinop = sin(p->nodep), cosop = cos(p->nodep);
			double alfdp = sinip * sinop, betdp = sinip * cosop;
			double dalf = ph * cosop + pinc * cosip * sinop;
			double dbet = -ph * sinop + pinc * cosip * cosop;
			double xls, dls, xnoh;
			alfdp = alfdp + dalf;
			betdp = betdp + dbet;
			p->nodep = fmod(p->nodep, twopi);
			/* AFSPC's intrinsics returned the node in [0, 2 pi) */
			if (p->nodep < 0.0 && rec->opsmode == 'a')
				p->nodep = p->nodep + twopi;
			xls = p->mp + p->argpp + cosip * p->nodep;
			dls = pl + pgh - pinc * p->nodep * sinip;
			xls = xls + dls;
			xnoh = p->nodep;
			p->nodep = atan2(alfdp, betdp);
			if (p->nodep < 0.0 && rec->opsmode == 'a')
				p->nodep = p->nodep + twopi;
			/* keep the node on the same turn as before */
			if (fabs(xnoh - p->nodep) > pi) {
				if (p->nodep < xnoh)
					p->nodep = p->nodep + twopi;
				else
					p->nodep = p->nodep - twopi;
			}
			p->mp = p->mp + pl;
			p->argpp = xls - p->mp - cosip * p->nodep;
		}
		if (p->xincp < 0.0) {
			p->xincp = -p->xincp;
			p->nodep = p->nodep + pi;
			p->argpp = p->argpp - pi;
		}
		if (p->ep < 0.0 || p->ep > 1.0)
			return 3;
	}
	p->sinip = sin(p->xincp);
	p->cosip = cos(p->xincp);
	return 0;
}

#endif /* COMMON_SGP4_DEEP_H */
