/**
 * @file sgp4_model.h
 * @brief SGP4/SDP4, the analytic propagator satellite catalogues are published for: the
 *        pieces of Vallado's sgp4() other than the Kepler solve, written once for C and
 *        CUDA (SGP4_FN), in double.
 *
 * Vallado's revision (Vallado, Crawford, Hujsak, Kelso, "Revisiting Spacetrack Report
 * #3", AIAA 2006-6753; his C++ of 2020), ported from python-sgp4 2.15's propagation.py,
 * itself a line-by-line port of that C++; where the Python departs from it (its % for
 * fmod, a regrouped sum in dpper) this follows the C++, which wrote tcppver.out.
 *
 * One propagation to @c t minutes from epoch composes, in Vallado's order:
 *
 *     struct sgp4_mean m; struct sgp4_periodic p; struct sgp4_long_period lp;
 *     struct sgp4_resonance res = {0};
 *     sgp4_secular(rec, t, &m);
 *     sgp4_dspace(rec, &res, &m);
 *     err = sgp4_mean_elements(rec, &m);           (1 or 2: stop)
 *     err = sgp4_dpper(rec, &m, &p);               (3: stop)
 *     sgp4_long_period(rec, &m, &p, &lp);
 *     solve E - lp.axnl sin E + lp.aynl cos E = lp.u for sin E and cos E
 *     err = sgp4_short_period(rec, &m, &p, &lp, sin E, cos E, r, v);  (4: stop; 6: r, v kept)
 *     r km = r radiusearthkm, v km/s = v radiusearthkm xke / 60
 *
 * Vallado's Kepler loop: E = u; up to 10 Newton steps while |step| >= 1e-12, each step
 * clamped to +-0.95; sin E and cos E are those of the last iterate the step was computed
 * at (the final step, under 1e-12, is not re-evaluated).
 *
 * python-sgp4: Copyright (c) 2012-2016 Brandon Rhodes. MIT licence:
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this
 * software and associated documentation files (the "Software"), to deal in the Software
 * without restriction, including without limitation the rights to use, copy, modify,
 * merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
 * permit persons to whom the Software is furnished to do so, subject to the following
 * conditions: The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS",
 * WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
 * WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
 * NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR
 * OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
 * OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */
#ifndef COMMON_SGP4_MODEL_H
#define COMMON_SGP4_MODEL_H

#include <math.h>

#include "sgp4_record.h"
#include "sgp4_deep.h"

/** @brief WGS-72, the constants the element sets are fitted with (Vallado's wgs72). */
SGP4_FN struct sgp4_gravity sgp4_gravity_wgs72(void)
{
	struct sgp4_gravity g;
	g.mu = 398600.8;
	g.radiusearthkm = 6378.135;
	g.xke = 60.0 / sqrt(g.radiusearthkm * g.radiusearthkm * g.radiusearthkm / g.mu);
	g.tumin = 1.0 / g.xke;
	g.j2 = 0.001082616;
	g.j3 = -0.00000253881;
	g.j4 = -0.00000165597;
	g.j3oj2 = g.j3 / g.j2;
	return g;
}

/** @brief WGS-84 (Vallado's wgs84): not what the sets are fitted with; for comparison. */
SGP4_FN struct sgp4_gravity sgp4_gravity_wgs84(void)
{
	struct sgp4_gravity g;
	g.mu = 398600.5;
	g.radiusearthkm = 6378.137;
	g.xke = 60.0 / sqrt(g.radiusearthkm * g.radiusearthkm * g.radiusearthkm / g.mu);
	g.tumin = 1.0 / g.xke;
	g.j2 = 0.00108262998905;
	g.j3 = -0.00000253215306;
	g.j4 = -0.00000161098761;
	g.j3oj2 = g.j3 / g.j2;
	return g;
}

/**
 * @brief The mean elements @p t minutes from epoch under the secular effects of gravity
 *        (J2, J4) and drag: Vallado's first step, the same for both theories.
 */
SGP4_FN void sgp4_secular(const struct sgp4_record *rec, double t, struct sgp4_mean *m)
{
	double xmdf = rec->mo + rec->mdot * t;
	double argpdf = rec->argpo + rec->argpdot * t;
	double nodedf = rec->nodeo + rec->nodedot * t;
	double t2 = t * t;

	m->t = t;
	m->argpm = argpdf;
	m->mm = xmdf;
	m->nodem = nodedf + rec->nodecf * t2;
	m->tempa = 1.0 - rec->cc1 * t;
	m->tempe = rec->bstar * rec->cc4 * t;
	m->templ = rec->t2cof * t2;
	/* the higher drag terms are dropped for low perigees and in deep space */
	if (rec->isimp != 1) {
		double delomg = rec->omgcof * t;
		double delmtemp = 1.0 + rec->eta * cos(xmdf);
		double delm = rec->xmcof * (delmtemp * delmtemp * delmtemp - rec->delmo);
		double temp = delomg + delm, t3 = t2 * t, t4 = t3 * t;
		m->mm = xmdf + temp;
		m->argpm = argpdf - temp;
		m->tempa = m->tempa - rec->d2 * t2 - rec->d3 * t3 - rec->d4 * t4;
		m->tempe = m->tempe + rec->bstar * rec->cc5 * (sin(m->mm) - rec->sinmao);
		m->templ = m->templ + rec->t3cof * t3 + t4 * (rec->t4cof + t * rec->t5cof);
	}
	m->nm = rec->no_unkozai;
	m->em = rec->ecco;
	m->inclm = rec->inclo;
	m->am = 0.0;
}

/**
 * @brief Drag's decay of the semi-major axis and eccentricity applied to @p m (after
 *        sgp4_dspace), its angles reduced to one turn as Vallado's fmod leaves them.
 * @return 0; 2 when the mean motion is not positive; 1 when the mean eccentricity has
 *         left [-0.001, 1) (the orbit has decayed, or the elements are bad).
 */
SGP4_FN int sgp4_mean_elements(const struct sgp4_record *rec, struct sgp4_mean *m)
{
	const double twopi = 6.28318530717958647692, x2o3 = 2.0 / 3.0;
	double xlm;

	if (m->nm <= 0.0)
		return 2;
	m->am = pow(rec->xke / m->nm, x2o3) * m->tempa * m->tempa;
	m->nm = rec->xke / pow(m->am, 1.5);
	m->em = m->em - m->tempe;
	if (m->em >= 1.0 || m->em < -0.001)
		return 1;
	/* the short-period terms divide by e */
	if (m->em < 1.0e-6)
		m->em = 1.0e-6;
	m->mm = m->mm + rec->no_unkozai * m->templ;
	xlm = m->mm + m->argpm + m->nodem;
	m->nodem = fmod(m->nodem, twopi);
	m->argpm = fmod(m->argpm, twopi);
	xlm = fmod(xlm, twopi);
	m->mm = fmod(xlm - m->argpm - m->nodem, twopi);
	return 0;
}

/**
 * @brief The near-earth long-period periodics (J3) in Lyddane's variables, and the mean
 *        longitude the Kepler equation is solved for. Deep space takes its coefficients
 *        from the perturbed inclination, as Vallado rewrites them into satrec.
 */
SGP4_FN void sgp4_long_period(const struct sgp4_record *rec, const struct sgp4_mean *m,
			      const struct sgp4_periodic *p, struct sgp4_long_period *lp)
{
	const double twopi = 6.28318530717958647692;
	double aycof = rec->aycof, xlcof = rec->xlcof, temp;

	if (rec->method == SGP4_DEEP_SPACE) {
		aycof = -0.5 * rec->j3oj2 * p->sinip;
		/* at 180 degrees 1 + cos i is 0: Vallado divides by 1.5e-12 instead */
		if (fabs(p->cosip + 1.0) > 1.5e-12)
			xlcof = -0.25 * rec->j3oj2 * p->sinip * (3.0 + 5.0 * p->cosip) /
				(1.0 + p->cosip);
		else
			xlcof = -0.25 * rec->j3oj2 * p->sinip * (3.0 + 5.0 * p->cosip) / 1.5e-12;
	}
	lp->axnl = p->ep * cos(p->argpp);
	temp = 1.0 / (m->am * (1.0 - p->ep * p->ep));
	lp->aynl = p->ep * sin(p->argpp) + temp * aycof;
	lp->xl = p->mp + p->argpp + p->nodep + temp * xlcof * lp->axnl;
	lp->u = fmod(lp->xl - p->nodep, twopi);
}

/**
 * @brief The short-period periodics (J2) at the solved eccentric longitude, and the
 *        orientation vectors: position @p r in earth radii and velocity @p v in earth
 *        radii per canonical time unit (1 / xke minutes), both before scaling to km.
 * @param rec the satellite.
 * @param m the mean elements of sgp4_mean_elements().
 * @param p the elements of sgp4_dpper().
 * @param lp Lyddane's variables of sgp4_long_period().
 * @param sineo1 sin E of the Kepler solve (see the file's comment).
 * @param coseo1 cos E.
 * @param r position, earth radii.
 * @param v velocity, earth radii per 1 / xke minutes.
 * @return 0; 4 when the semi-latus rectum is negative (r, v untouched); 6 when the
 *         radius is below one earth radius (decayed; r and v are written).
 */
SGP4_FN int sgp4_short_period(const struct sgp4_record *rec, const struct sgp4_mean *m,
			      const struct sgp4_periodic *p, const struct sgp4_long_period *lp,
			      double sineo1, double coseo1, double r[3], double v[3])
{
	double axnl = lp->axnl, aynl = lp->aynl, cosip = p->cosip, sinip = p->sinip;
	double ecose = axnl * coseo1 + aynl * sineo1, esine = axnl * sineo1 - aynl * coseo1;
	double el2 = axnl * axnl + aynl * aynl, pl = m->am * (1.0 - el2);
	double rl, rdotl, rvdotl, betal, temp, temp1, temp2, sinu, cosu, su, sin2u, cos2u;
	double con41 = rec->con41, x1mth2 = rec->x1mth2, x7thm1 = rec->x7thm1;
	double mrt, xnode, xinc, mvt, rvdot, sinsu, cossu, snod, cnod, sini, cosi, xmx, xmy;
	double ux, uy, uz, vx, vy, vz;

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
	sin2u = (cosu + cosu) * sinu;
	cos2u = 1.0 - 2.0 * sinu * sinu;
	temp = 1.0 / pl;
	temp1 = 0.5 * rec->j2 * temp;
	temp2 = temp1 * temp;
	/* deep space: the inclination functions of the perturbed inclination */
	if (rec->method == SGP4_DEEP_SPACE) {
		double cosisq = cosip * cosip;
		con41 = 3.0 * cosisq - 1.0;
		x1mth2 = 1.0 - cosisq;
		x7thm1 = 7.0 * cosisq - 1.0;
	}
	mrt = rl * (1.0 - 1.5 * temp2 * betal * con41) + 0.5 * temp1 * x1mth2 * cos2u;
	su = su - 0.25 * temp2 * x7thm1 * sin2u;
	xnode = p->nodep + 1.5 * temp2 * cosip * sin2u;
	xinc = p->xincp + 1.5 * temp2 * cosip * sinip * cos2u;
	mvt = rdotl - m->nm * temp1 * x1mth2 * sin2u / rec->xke;
	rvdot = rvdotl + m->nm * temp1 * (x1mth2 * cos2u + 1.5 * con41) / rec->xke;

	sinsu = sin(su), cossu = cos(su);
	snod = sin(xnode), cnod = cos(xnode);
	sini = sin(xinc), cosi = cos(xinc);
	xmx = -snod * cosi;
	xmy = cnod * cosi;
	ux = xmx * sinsu + cnod * cossu;
	uy = xmy * sinsu + snod * cossu;
	uz = sini * sinsu;
	vx = xmx * cossu - cnod * sinsu;
	vy = xmy * cossu - snod * sinsu;
	vz = sini * cossu;
	r[0] = mrt * ux, r[1] = mrt * uy, r[2] = mrt * uz;
	v[0] = mvt * ux + rvdot * vx;
	v[1] = mvt * uy + rvdot * vy;
	v[2] = mvt * uz + rvdot * vz;
	return mrt < 1.0 ? 6 : 0;
}

#endif /* COMMON_SGP4_MODEL_H */
