/*
 * Lab 06-orbits, step 6.e: SGP4 for one satellite at one time, on the device. The
 * model's pieces are given (common/06-orbits/sgp4_model.h and sgp4_deep.h, the same code
 * the CPU reference common/reference/sgp4.c composes); what is written here is their
 * composition in Vallado's order, the Kepler solve between them, and the scaling to km.
 * Exercise TODO(lab6.e), with sgp4.cu.
 */
#ifndef LAB06_SGP4_CUH
#define LAB06_SGP4_CUH

#include "sgp4_model.h"

/*
 * TODO(lab6.e): Vallado's Newton iteration for the eccentric longitude E,
 *   E - axnl sin E + aynl cos E = u   (lp's fields),
 * from E = u: at most 10 steps, while the last step was at least 1e-12 in size; each
 * step (u - aynl cos E + axnl sin E - E) / (1 - axnl cos E - aynl sin E), clamped to
 * +-0.95 (a near-parabolic orbit overshoots otherwise). Leaves in *sin_e and *cos_e the
 * sine and cosine of the last iterate a step was computed at: the step that ends the
 * loop, under 1e-12, is added to E but E's sine and cosine are not taken again.
 */
static __device__ inline void sgp4_kepler(const struct sgp4_long_period *lp, double *sin_e,
					  double *cos_e)
{
	// TODO(lab6.e): the loop above, E starting at lp->u; *sin_e and *cos_e taken at
	//               the top of each pass.
	(void)lp;
	*sin_e = 0.0;
	*cos_e = 1.0;
}

/*
 * TODO(lab6.e): satellite rec at t minutes from its epoch: position r (km) and velocity
 * v (km/s), and Vallado's error code (0, or 1 to 6: sgp4_error_name). The pieces in the
 * order sgp4_model.h's header gives: sgp4_secular; for a deep-space record
 * (rec->method == SGP4_DEEP_SPACE) sgp4_dspace, whose resonance integrator's state is
 * *res (the caller's: all zero starts it at epoch, and carried from one call to the next
 * it carries on); sgp4_mean_elements (1 or 2: stop, r and v untouched); sgp4_dpper, the
 * deep-space periodics, which near earth hands the mean elements through as they are
 * (3: stop); sgp4_long_period; sgp4_kepler; sgp4_short_period (4: stop; 6, decayed: the
 * state is still written). Then the scaling, with the record's own constants, the ones
 * its elements were fitted with: r times rec->radiusearthkm, v times rec->radiusearthkm
 * rec->xke / 60 (earth radii per 1 / xke minutes to km/s).
 */
static __device__ inline int sgp4_at(const struct sgp4_record *rec, struct sgp4_resonance *res,
				     double t, double r[3], double v[3])
{
	// TODO(lab6.e): the pieces of sgp4_model.h in order, each error returned as it
	//               comes; the deep-space pieces for rec->method == SGP4_DEEP_SPACE;
	//               then the scaling with rec's constants.
	(void)rec, (void)res, (void)t;
	for (int c = 0; c < 3; c++)
		r[c] = v[c] = 0.0;
	return 0;
}

#endif /* LAB06_SGP4_CUH */
