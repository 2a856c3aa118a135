/*
 * From an element set to SGP4's record (sgp4_init.h): Vallado's twoline2rv unit
 * conversions and epoch, his initl and the near-earth part of his sgp4init; the deep-space
 * part is sgp4_deep_init.c.
 *
 * Ported from python-sgp4 2.15's io.py and propagation.py, (c) 2012-2016 Brandon Rhodes,
 * MIT licence (its notice is in sgp4_model.h), line-by-line ports of Vallado's C++; the
 * epoch is split as his C++ of 2020 splits it (jday's jd and jdFrac).
 */
#include <math.h>
#include <string.h>

#include "sgp4.h"
#include "sgp4_init.h"

#define PI    3.14159265358979323846
#define TWOPI (2.0 * PI)

double sgp4_gstime(double jdut1)
{
	const double deg2rad = PI / 180.0;
	double tut1 = (jdut1 - 2451545.0) / 36525.0;
	double temp = -6.2e-6 * tut1 * tut1 * tut1 + 0.093104 * tut1 * tut1 +
		      (876600.0 * 3600 + 8640184.812866) * tut1 + 67310.54841; /* seconds */

	temp = fmod(temp * deg2rad / 240.0, TWOPI); /* 240 seconds of time a degree */
	if (temp < 0.0)
		temp += TWOPI;
	return temp;
}

void sgp4_epoch(int year, double days, double *jd, double *jd_frac)
{
	int lmonth[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int dayofyr = (int)floor(days), mon = 1, inttemp = 0, hr, minute;
	double temp, sec;

	/* days2mdhms: 1957-2056 only, so every fourth year is a leap year */
	if (year % 4 == 0)
		lmonth[2] = 29;
	while (dayofyr > inttemp + lmonth[mon] && mon < 12) {
		inttemp += lmonth[mon];
		mon++;
	}
	temp = (days - dayofyr) * 24.0;
	hr = (int)floor(temp);
	temp = (temp - hr) * 60.0;
	minute = (int)floor(temp);
	sec = (temp - minute) * 60.0;

	/* jday: valid 1900-2100 */
	*jd = 367.0 * year - floor((7 * (year + floor((mon + 9) / 12.0))) * 0.25) +
	      floor(275 * mon / 9.0) + (dayofyr - inttemp) + 1721013.5;
	*jd_frac = (sec + minute * 60.0 + hr * 3600.0) / 86400.0;
	if (fabs(*jd_frac) > 1.0) {
		double dtt = floor(*jd_frac);
		*jd += dtt;
		*jd_frac -= dtt;
	}
}

/* Vallado's initl: the mean motion taken from Kozai's mean to Brouwer's, and what the
 * rest of the initialisation needs of the epoch elements. */
struct epoch_terms {
	double ao, con42, cosio, cosio2, eccsq, omeosq, posq, rp, rteosq, sinio;
};

static void initl(struct sgp4_record *rec, double epoch, struct epoch_terms *e)
{
	const double x2o3 = 2.0 / 3.0;
	double ak, d1, del, adel, po;

	e->eccsq = rec->ecco * rec->ecco;
	e->omeosq = 1.0 - e->eccsq;
	e->rteosq = sqrt(e->omeosq);
	e->cosio = cos(rec->inclo);
	e->cosio2 = e->cosio * e->cosio;
	ak = pow(rec->xke / rec->no_kozai, x2o3);
	d1 = 0.75 * rec->j2 * (3.0 * e->cosio2 - 1.0) / (e->rteosq * e->omeosq);
	del = d1 / (ak * ak);
	adel = ak * (1.0 - del * del - del * (1.0 / 3.0 + 134.0 * del * del / 81.0));
	del = d1 / (adel * adel);
	rec->no_unkozai = rec->no_kozai / (1.0 + del);
	e->ao = pow(rec->xke / rec->no_unkozai, x2o3);
	e->sinio = sin(rec->inclo);
	po = e->ao * e->omeosq;
	e->con42 = 1.0 - 5.0 * e->cosio2;
	rec->con41 = -e->con42 - e->cosio2 - e->cosio2;
	e->posq = po * po;
	e->rp = e->ao * (1.0 - rec->ecco);
	rec->method = SGP4_NEAR_EARTH;
	if (rec->opsmode == 'a') {
		/* AFSPC's sidereal time: days from 1970 January 0 */
		double ts70 = epoch - 7305.0, ds70 = floor(ts70 + 1.0e-8), tfrac = ts70 - ds70;
		const double c1 = 1.72027916940703639e-2, thgr70 = 1.7321343856509374;
		const double fk5r = 5.07551419432269442e-15, c1p2p = c1 + TWOPI;
		rec->gsto = fmod(thgr70 + c1 * ds70 + c1p2p * tfrac + ts70 * ts70 * fk5r, TWOPI);
		if (rec->gsto < 0.0)
			rec->gsto += TWOPI;
	} else {
		rec->gsto = sgp4_gstime(epoch + 2433281.5);
	}
}

/* The higher-order drag coefficients, for orbits that keep them (isimp 0). */
static void drag_higher_terms(struct sgp4_record *rec, double ao, double tsi, double sfour)
{
	double cc1sq = rec->cc1 * rec->cc1, temp;

	rec->d2 = 4.0 * ao * tsi * cc1sq;
	temp = rec->d2 * tsi * rec->cc1 / 3.0;
	rec->d3 = (17.0 * ao + sfour) * temp;
	rec->d4 = 0.5 * temp * ao * tsi * (221.0 * ao + 31.0 * sfour) * rec->cc1;
	rec->t3cof = rec->d2 + 2.0 * cc1sq;
	rec->t4cof = 0.25 * (3.0 * rec->d3 + rec->cc1 * (12.0 * rec->d2 + 10.0 * cc1sq));
	rec->t5cof = 0.2 * (3.0 * rec->d4 + 12.0 * rec->cc1 * rec->d3 + 6.0 * rec->d2 * rec->d2 +
			    15.0 * cc1sq * (2.0 * rec->d2 + cc1sq));
}

/* Vallado's sgp4init from initl on: the atmosphere's density model, the drag and
 * gravity coefficients, and the choice of theory. */
static void sgp4init(struct sgp4_record *rec, double epoch, double j4)
{
	const double x2o3 = 2.0 / 3.0, re = rec->radiusearthkm;
	struct epoch_terms e;
	double qzms2ttemp = (120.0 - 78.0) / re;
	double sfour = 78.0 / re + 1.0, qzms24 = qzms2ttemp * qzms2ttemp * qzms2ttemp * qzms2ttemp;
	double perige, pinvsq, tsi, etasq, eeta, psisq, coef, coef1, cc2, cc3 = 0.0, cosio4;
	double temp1, temp2, temp3, xhdot1, xpidot, delmotemp;

	initl(rec, epoch, &e);
	rec->a = pow(rec->no_unkozai * rec->tumin, -x2o3);
	rec->alta = rec->a * (1.0 + rec->ecco) - 1.0;
	rec->altp = rec->a * (1.0 - rec->ecco) - 1.0;
	if (!(e.omeosq >= 0.0 || rec->no_unkozai >= 0.0))
		return;
	rec->isimp = e.rp < 220.0 / re + 1.0;
	perige = (e.rp - 1.0) * re;
	/* below a perigee of 156 km the density model's s and q0 are moved down */
	if (perige < 156.0) {
		double qzms24temp;
		sfour = perige < 98.0 ? 20.0 : perige - 78.0;
		qzms24temp = (120.0 - sfour) / re;
		qzms24 = qzms24temp * qzms24temp * qzms24temp * qzms24temp;
		sfour = sfour / re + 1.0;
	}
	pinvsq = 1.0 / e.posq;
	tsi = 1.0 / (e.ao - sfour);
	rec->eta = e.ao * rec->ecco * tsi;
	etasq = rec->eta * rec->eta;
	eeta = rec->ecco * rec->eta;
	psisq = fabs(1.0 - etasq);
	coef = qzms24 * pow(tsi, 4.0);
	coef1 = coef / pow(psisq, 3.5);
	cc2 = coef1 * rec->no_unkozai *
	      (e.ao * (1.0 + 1.5 * etasq + eeta * (4.0 + etasq)) +
	       0.375 * rec->j2 * tsi / psisq * rec->con41 * (8.0 + 3.0 * etasq * (8.0 + etasq)));
	rec->cc1 = rec->bstar * cc2;
	if (rec->ecco > 1.0e-4)
		cc3 = -2.0 * coef * tsi * rec->j3oj2 * rec->no_unkozai * e.sinio / rec->ecco;
	rec->x1mth2 = 1.0 - e.cosio2;
	rec->cc4 = 2.0 * rec->no_unkozai * coef1 * e.ao * e.omeosq *
		   (rec->eta * (2.0 + 0.5 * etasq) + rec->ecco * (0.5 + 2.0 * etasq) -
		    rec->j2 * tsi / (e.ao * psisq) *
			(-3.0 * rec->con41 * (1.0 - 2.0 * eeta + etasq * (1.5 - 0.5 * eeta)) +
			 0.75 * rec->x1mth2 * (2.0 * etasq - eeta * (1.0 + etasq)) *
			     cos(2.0 * rec->argpo)));
	rec->cc5 = 2.0 * coef1 * e.ao * e.omeosq * (1.0 + 2.75 * (etasq + eeta) + eeta * etasq);
	cosio4 = e.cosio2 * e.cosio2;
	temp1 = 1.5 * rec->j2 * pinvsq * rec->no_unkozai;
	temp2 = 0.5 * temp1 * rec->j2 * pinvsq;
	temp3 = -0.46875 * j4 * pinvsq * pinvsq * rec->no_unkozai;
	rec->mdot = rec->no_unkozai + 0.5 * temp1 * e.rteosq * rec->con41 +
		    0.0625 * temp2 * e.rteosq * (13.0 - 78.0 * e.cosio2 + 137.0 * cosio4);
	rec->argpdot = -0.5 * temp1 * e.con42 +
		       0.0625 * temp2 * (7.0 - 114.0 * e.cosio2 + 395.0 * cosio4) +
		       temp3 * (3.0 - 36.0 * e.cosio2 + 49.0 * cosio4);
	xhdot1 = -temp1 * e.cosio;
	rec->nodedot = xhdot1 + (0.5 * temp2 * (4.0 - 19.0 * e.cosio2) +
				 2.0 * temp3 * (3.0 - 7.0 * e.cosio2)) *
				    e.cosio;
	xpidot = rec->argpdot + rec->nodedot;
	rec->omgcof = rec->bstar * cc3 * cos(rec->argpo);
	rec->xmcof = 0.0;
	if (rec->ecco > 1.0e-4)
		rec->xmcof = -x2o3 * coef * rec->bstar / eeta;
	rec->nodecf = 3.5 * e.omeosq * xhdot1 * rec->cc1;
	rec->t2cof = 1.5 * rec->cc1;
	/* at 180 degrees 1 + cos i is 0: Vallado divides by 1.5e-12 instead */
	if (fabs(e.cosio + 1.0) > 1.5e-12)
		rec->xlcof = -0.25 * rec->j3oj2 * e.sinio * (3.0 + 5.0 * e.cosio) / (1.0 + e.cosio);
	else
		rec->xlcof = -0.25 * rec->j3oj2 * e.sinio * (3.0 + 5.0 * e.cosio) / 1.5e-12;
	rec->aycof = -0.5 * rec->j3oj2 * e.sinio;
	delmotemp = 1.0 + rec->eta * cos(rec->mo);
	rec->delmo = delmotemp * delmotemp * delmotemp;
	rec->sinmao = sin(rec->mo);
	rec->x7thm1 = 7.0 * e.cosio2 - 1.0;
	/* a period of 225 minutes or more: the sun's and moon's terms matter */
	if (TWOPI / rec->no_unkozai >= 225.0) {
		rec->method = SGP4_DEEP_SPACE;
		rec->isimp = 1;
		sgp4_deep_init(rec, epoch, xpidot);
	}
	if (rec->isimp != 1)
		drag_higher_terms(rec, e.ao, tsi, sfour);
}

int sgp4_init(const struct tle *t, const struct sgp4_gravity *g, char opsmode,
	      struct sgp4_record *rec)
{
	const double deg2rad = PI / 180.0, xpdotp = 1440.0 / (2.0 * PI); /* rev/day in rad/min */
	double r[3], v[3];

	memset(rec, 0, sizeof(*rec));
	rec->satnum = t->satnum;
	rec->opsmode = opsmode;
	rec->radiusearthkm = g->radiusearthkm;
	rec->xke = g->xke;
	rec->j2 = g->j2;
	rec->j3oj2 = g->j3oj2;
	rec->tumin = g->tumin;
	rec->no_kozai = t->mean_motion / xpdotp;
	rec->ndot = t->ndot / (xpdotp * 1440.0);
	rec->nddot = t->nddot / (xpdotp * 1440.0 * 1440);
	rec->bstar = t->bstar;
	rec->ecco = t->eccentricity;
	rec->inclo = t->inclination * deg2rad;
	rec->nodeo = t->raan * deg2rad;
	rec->argpo = t->arg_perigee * deg2rad;
	rec->mo = t->mean_anomaly * deg2rad;
	sgp4_epoch(t->epoch_year, t->epoch_day, &rec->jdsatepoch, &rec->jdsatepochF);
	/* Vallado's code divides by zero on these and propagates NaN without an error */
	if (rec->ecco < 0.0 || rec->ecco >= 1.0)
		return 1;
	if (rec->no_kozai <= 0.0)
		return 2;
	sgp4init(rec, (rec->jdsatepoch + rec->jdsatepochF) - 2433281.5, g->j4);
	return sgp4_ref(rec, 0.0, r, v);
}

const char *sgp4_error_name(int code)
{
	static const char *const names[] = {
	    "no error",
	    "mean eccentricity out of range (e >= 1 or e < -0.001)",
	    "mean motion not positive",
	    "perturbed eccentricity out of range (e < 0 or e > 1)",
	    "semi-latus rectum negative",
	    "epoch elements are sub-orbital",
	    "satellite has decayed (radius below one earth radius)",
	};

	return code >= 0 && code <= 6 ? names[code] : "unknown SGP4 error";
}
