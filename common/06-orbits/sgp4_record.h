/**
 * @file sgp4_record.h
 * @brief The plain data SGP4 propagates from: the gravity model's constants and the
 *        record of one satellite after sgp4_init() (no pointers, so that an array of
 *        records copies to the GPU as it is). Included by sgp4_model.h.
 *
 * The field names are Vallado's (his satrec), so that the model's pieces read as his
 * sgp4() does; units are his: earth radii, minutes, radians. Ported from python-sgp4
 * 2.15, (c) 2012-2016 Brandon Rhodes, MIT licence (its notice is in sgp4_model.h).
 */
#ifndef COMMON_SGP4_RECORD_H
#define COMMON_SGP4_RECORD_H

#ifdef __CUDACC__
/** @brief The model's pieces: compiled for the host and the device under nvcc. */
#define SGP4_FN __host__ __device__ static inline
#else
/** @brief The model's pieces: compiled for the host and the device under nvcc. */
#define SGP4_FN static inline
#endif

/** @brief A gravity model's constants as SGP4 uses them (Vallado's getgravconst). */
struct sgp4_gravity {
	double tumin;	      /**< minutes in one canonical time unit, 1 / xke */
	double mu;	      /**< earth's gravitational parameter, km^3/s^2 */
	double radiusearthkm; /**< earth's equatorial radius, km */
	double xke;	      /**< sqrt(mu / Re^3) in 1/minutes: 60 / sqrt(Re^3 / mu) */
	double j2;	      /**< second zonal harmonic */
	double j3;	      /**< third zonal harmonic */
	double j4;	      /**< fourth zonal harmonic */
	double j3oj2;	      /**< j3 / j2 */
};

/** @brief Near-earth (SGP4, period under 225 minutes) or deep-space (SDP4) theory. */
enum sgp4_method {
	SGP4_NEAR_EARTH = 0, /**< Vallado's method 'n' */
	SGP4_DEEP_SPACE = 1, /**< Vallado's method 'd': lunar-solar terms and resonances */
};

/** @brief One satellite after sgp4_init(): what sgp4() reads from Vallado's satrec. */
struct sgp4_record {
	long satnum;	      /**< catalogue number */
	int method;	      /**< enum sgp4_method */
	int isimp;	      /**< 1: the truncated drag terms (low perigee or deep space) */
	int irez;	      /**< resonance: 0 none, 1 one-day (synchronous), 2 half-day */
	char opsmode;	      /**< 'i' improved or 'a' AFSPC (old sidereal time, dpper node) */
	double jdsatepoch;    /**< Julian date of the epoch, its day part (ends in .5) */
	double jdsatepochF;   /**< the rest of the epoch's Julian date, days */
	double radiusearthkm; /**< gravity model used: earth radius, km */
	double xke;	      /**< gravity model used: sqrt(mu / Re^3), 1/minutes */
	double j2;	      /**< gravity model used: second zonal harmonic */
	double j3oj2;	      /**< gravity model used: j3 / j2 */
	double tumin;	      /**< gravity model used: 1 / xke, minutes */

	/* the elements at epoch (radians, radians per minute) */
	double bstar;	   /**< drag term B*, 1/earth radii */
	double ndot;	   /**< first derivative of the mean motion / 2, rad/min^2 (unused) */
	double nddot;	   /**< second derivative of the mean motion / 6, rad/min^3 (unused) */
	double ecco;	   /**< eccentricity */
	double argpo;	   /**< argument of perigee */
	double inclo;	   /**< inclination */
	double mo;	   /**< mean anomaly */
	double nodeo;	   /**< right ascension of the ascending node */
	double no_kozai;   /**< mean motion as published (Kozai's mean) */
	double no_unkozai; /**< mean motion recovered for SGP4 (Brouwer's mean) */
	double a;	   /**< semi-major axis, earth radii */
	double alta;	   /**< apogee altitude, earth radii */
	double altp;	   /**< perigee altitude, earth radii */

	/* near-earth: secular gravity and drag, long- and short-period terms */
	double aycof;	/**< long-period coefficient of the y component of e (J3) */
	double con41;	/**< 3 cos^2 i - 1 */
	double cc1;	/**< drag coefficient C1 */
	double cc4;	/**< drag coefficient C4 */
	double cc5;	/**< drag coefficient C5 */
	double d2;	/**< drag coefficient D2 */
	double d3;	/**< drag coefficient D3 */
	double d4;	/**< drag coefficient D4 */
	double delmo;	/**< (1 + eta cos M0)^3 */
	double eta;	/**< a e / (a - s) of the atmosphere model */
	double argpdot; /**< secular rate of the argument of perigee, rad/min */
	double omgcof;	/**< drag's term in the argument of perigee */
	double sinmao;	/**< sin M0 */
	double t2cof;	/**< drag's t^2 coefficient in the mean longitude */
	double t3cof;	/**< drag's t^3 coefficient */
	double t4cof;	/**< drag's t^4 coefficient */
	double t5cof;	/**< drag's t^5 coefficient */
	double x1mth2;	/**< 1 - cos^2 i */
	double x7thm1;	/**< 7 cos^2 i - 1 */
	double mdot;	/**< secular rate of the mean anomaly, rad/min */
	double nodedot; /**< secular rate of the node, rad/min */
	double xlcof;	/**< long-period coefficient of the mean longitude (J3) */
	double xmcof;	/**< drag's term in the mean anomaly */
	double nodecf;	/**< drag's t^2 coefficient in the node */

	/* deep space: resonance coefficients (dsinit) */
	double d2201; /**< half-day resonance coefficient */
	double d2211; /**< half-day resonance coefficient */
	double d3210; /**< half-day resonance coefficient */
	double d3222; /**< half-day resonance coefficient */
	double d4410; /**< half-day resonance coefficient */
	double d4422; /**< half-day resonance coefficient */
	double d5220; /**< half-day resonance coefficient */
	double d5232; /**< half-day resonance coefficient */
	double d5421; /**< half-day resonance coefficient */
	double d5433; /**< half-day resonance coefficient */
	double del1;  /**< synchronous resonance coefficient */
	double del2;  /**< synchronous resonance coefficient */
	double del3;  /**< synchronous resonance coefficient */
	double xfact; /**< resonance: rate of the resonant angle less the mean motion */
	double xlamo; /**< resonance: the resonant angle at epoch */

	/* deep space: lunar-solar secular rates (dsinit) */
	double dedt;  /**< secular rate of e */
	double didt;  /**< secular rate of i */
	double dmdt;  /**< secular rate of M */
	double dnodt; /**< secular rate of the node */
	double domdt; /**< secular rate of the argument of perigee */

	/* deep space: lunar-solar long-period coefficients (dscom) */
	double e3;    /**< lunar term of e */
	double ee2;   /**< lunar term of e */
	double peo;   /**< periodics at epoch subtracted (Vallado leaves them 0) */
	double pgho;  /**< as peo */
	double pho;   /**< as peo */
	double pinco; /**< as peo */
	double plo;   /**< as peo */
	double se2;   /**< solar term of e */
	double se3;   /**< solar term of e */
	double sgh2;  /**< solar term of the argument of perigee */
	double sgh3;  /**< solar term of the argument of perigee */
	double sgh4;  /**< solar term of the argument of perigee */
	double sh2;   /**< solar term of the node */
	double sh3;   /**< solar term of the node */
	double si2;   /**< solar term of i */
	double si3;   /**< solar term of i */
	double sl2;   /**< solar term of M */
	double sl3;   /**< solar term of M */
	double sl4;   /**< solar term of M */
	double gsto;  /**< Greenwich sidereal time at epoch, rad */
	double xgh2;  /**< lunar term of the argument of perigee */
	double xgh3;  /**< lunar term of the argument of perigee */
	double xgh4;  /**< lunar term of the argument of perigee */
	double xh2;   /**< lunar term of the node */
	double xh3;   /**< lunar term of the node */
	double xi2;   /**< lunar term of i */
	double xi3;   /**< lunar term of i */
	double xl2;   /**< lunar term of M */
	double xl3;   /**< lunar term of M */
	double xl4;   /**< lunar term of M */
	double zmol;  /**< the moon's mean anomaly at epoch, rad */
	double zmos;  /**< the sun's mean anomaly at epoch, rad */
};

/**
 * @brief The resonance integrator's state (Vallado keeps it in satrec, sgp4() writes it
 *        back): held by the caller, a GPU thread in its registers. All zero restarts the
 *        integration from epoch, which gives the same numbers to the bit as carrying it
 *        on, since the integrator always steps 720 minutes from epoch.
 */
struct sgp4_resonance {
	double atime; /**< minutes from epoch the state is at */
	double xli;   /**< the resonant angle there */
	double xni;   /**< the mean motion there */
};

/** @brief The mean elements at a time, as one piece of sgp4() hands them to the next. */
struct sgp4_mean {
	double t;     /**< minutes since epoch */
	double am;    /**< semi-major axis, earth radii (set by sgp4_mean_elements) */
	double em;    /**< eccentricity */
	double inclm; /**< inclination */
	double nodem; /**< right ascension of the ascending node */
	double argpm; /**< argument of perigee */
	double mm;    /**< mean anomaly */
	double nm;    /**< mean motion, rad/min */
	double tempa; /**< drag's factor on the semi-major axis, squared there */
	double tempe; /**< drag's decrease of the eccentricity */
	double templ; /**< drag's term in the mean anomaly, over the mean motion */
};

/** @brief The elements with the lunar-solar periodics added (the mean ones near earth). */
struct sgp4_periodic {
	double ep;    /**< eccentricity */
	double xincp; /**< inclination */
	double nodep; /**< right ascension of the ascending node */
	double argpp; /**< argument of perigee */
	double mp;    /**< mean anomaly */
	double sinip; /**< sin xincp */
	double cosip; /**< cos xincp */
};

/**
 * @brief Lyddane's variables after the long-period periodics, and the right-hand side of
 *        the Kepler equation they give: E - axnl sin E + aynl cos E = u, for the
 *        eccentric longitude E (eccentric anomaly plus argument of perigee).
 */
struct sgp4_long_period {
	double axnl; /**< e cos(argument of perigee) */
	double aynl; /**< e sin(argument of perigee) plus the J3 term */
	double xl;   /**< mean longitude with the J3 term */
	double u;    /**< fmod(xl - node, 2 pi), the Kepler equation's mean longitude */
};

#endif /* COMMON_SGP4_RECORD_H */
