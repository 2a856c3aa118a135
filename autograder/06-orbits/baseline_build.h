/*
 * Lab 06-orbits: the course's baseline build of the lab, linked into the grader and
 * the bench when solutions/06-orbits exists (HAVE_BASELINE): every .cu file of
 * solutions/06-orbits, compiled with each name of api.txt renamed baseline_<name>.
 * The speed tests time these in the grader's own process, never the runner's: a
 * baseline the submission cannot slow down.
 */
#ifndef LAB06_BASELINE_BUILD_H
#define LAB06_BASELINE_BUILD_H

#include <cuda_runtime.h>

#include "orbits.h"

cudaError_t baseline_propagate_modular(struct sat_state s, int n, double dt, int steps,
				       double *d_scratch);
cudaError_t baseline_propagate_integrated(struct sat_state s, int n, double dt, int steps,
					  int steps_per_launch, double *d_samples);

#endif /* LAB06_BASELINE_BUILD_H */
