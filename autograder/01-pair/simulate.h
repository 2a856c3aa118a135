/*
 * Lab 01-pair: a Plummer sphere integrated with the submission's leapfrog, and the
 * conservation figures the physics tests and the bench read off it.
 */
#ifndef LAB01_SIMULATE_H
#define LAB01_SIMULATE_H

#include <stdint.h>
#include <cuda_runtime.h>

/* What a run conserved, measured in double on the host. */
struct drift_stats {
	double e0;	/* total energy at t = 0 (softened potential) */
	double max_de;	/* worst |E(t) - E(0)| / |E(0)| */
	double p_scale; /* sum_i m_i |v_i(0)|, the scale of momentum */
	double max_dp;	/* worst |P(t) - P(0)| / p_scale */
	double worst_t; /* time of the worst energy error */
	double moved;	/* RMS distance of the bodies from where they started, at t_end */
	int steps;	/* steps taken */
	int finite;	/* zero once any position or velocity stopped being finite */
};

/* Integrates an n-body Plummer sphere drawn from seed to t_end with steps of dt,
 * checking energy and momentum every check_every steps. */
cudaError_t simulate_plummer(uint64_t seed, int n, float eps, float dt, float t_end,
			     int check_every, struct drift_stats *out);

#endif /* LAB01_SIMULATE_H */
