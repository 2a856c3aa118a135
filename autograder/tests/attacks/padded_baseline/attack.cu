// Attack: a speedup over a baseline of its own making. propagate_modular (attack.sed)
// launches each RK4 stage three times, right and three times as slow; the integrated
// propagator is a launcher looping one launch per step, the simplest wrong approach
// (thresholds.h: about 5x against the modular method, 15x against one padded threefold).
// The samples stay right: each chunk's last launch writes them.
cudaError_t propagate_integrated(struct sat_state s, int n, double dt, int steps,
				 int steps_per_launch, double *d_samples)
{
	const int blocks = blocks_for(n, ORBIT_THREADS);

	return launch_in_chunks(n, steps, steps_per_launch, [&](int j, int chunk) {
		double *sample = d_samples ? d_samples + 3 * (size_t)n * j : NULL;

		for (int t = 0; t < chunk; t++) /* a launch a step */
			integrated_kernel<<<blocks, ORBIT_THREADS>>>(arrays_of(s), n, dt, 1,
								  t == chunk - 1 ? sample : NULL);
	});
}
