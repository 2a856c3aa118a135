/*
 * Lab 06-orbits, step 6.b: the modular propagator, the baseline the integrated one is
 * measured against. Each RK4 stage is its own launch, reading the state and the
 * previous stage from global memory and writing its own stage back; a fifth launch
 * combines the four. Five launches and some 100 doubles of traffic per satellite
 * per step, where the integrated kernel needs neither.
 */
#include "cuda_check.h"
#include "j2.cuh"
#include "orbits.h"
#include "state.cuh"

/* The six arrays of stage `which`'s derivative inside the scratch buffer. */
static sat_arrays<double> stage_of(double *scratch, int n, int which)
{
	sat_arrays<double> stage;

	for (int c = 0; c < 6; c++)
		stage.comp[c] = scratch + (size_t)n * (6 * which + c);
	return stage;
}

/*
 * TODO(lab6.b): stage k of RK4 for satellite i: the point s + h prev (h = 0 for the
 * first stage, dt / 2 for the second and third, dt for the fourth), and the
 * derivative there, written to out.
 */
static __global__ void stage_kernel(sat_arrays<double> s, sat_arrays<double> prev, double h,
				    sat_arrays<double> out, int n)
{
	// TODO(lab6.b): for i < n: point = state of satellite i (load_state) + h * prev
	//               (each of the six components, prev.comp[c][i]; prev is not read
	//               when h == 0), then derivative(point, slope) and store_state(out, i,
	//               slope).
	(void)s, (void)prev, (void)h, (void)out, (void)n;
}

/* TODO(lab6.b): s += dt / 6 (k1 + 2 k2 + 2 k3 + k4), component by component. */
static __global__ void combine_kernel(sat_arrays<double> s, sat_arrays<double> k1,
				      sat_arrays<double> k2, sat_arrays<double> k3,
				      sat_arrays<double> k4, double dt, int n)
{
	// TODO(lab6.b): for i < n, each of the six components of the state, s.comp[c][i].
	(void)s, (void)k1, (void)k2, (void)k3, (void)k4, (void)dt, (void)n;
}

cudaError_t propagate_modular(struct sat_state s, int n, double dt, int steps, double *d_scratch)
{
	const int blocks = blocks_for(n, ORBIT_THREADS);
	const sat_arrays<double> state = arrays_of(s);
	sat_arrays<double> k[4];

	if (n <= 0 || steps <= 0)
		return cudaSuccess;
	for (int j = 0; j < 4; j++)
		k[j] = stage_of(d_scratch, n, j);
	for (int t = 0; t < steps; t++) {
		stage_kernel<<<blocks, ORBIT_THREADS>>>(state, k[0], 0.0, k[0], n);
		CUDA_CHECK_LAUNCH();
		stage_kernel<<<blocks, ORBIT_THREADS>>>(state, k[0], 0.5 * dt, k[1], n);
		CUDA_CHECK_LAUNCH();
		stage_kernel<<<blocks, ORBIT_THREADS>>>(state, k[1], 0.5 * dt, k[2], n);
		CUDA_CHECK_LAUNCH();
		stage_kernel<<<blocks, ORBIT_THREADS>>>(state, k[2], dt, k[3], n);
		CUDA_CHECK_LAUNCH();
		combine_kernel<<<blocks, ORBIT_THREADS>>>(state, k[0], k[1], k[2], k[3], dt, n);
		CUDA_CHECK_LAUNCH();
	}
	return cudaSuccess;
}
