/* Lab 06-orbits: host-side helpers the tests, workloads and bench share. */
#ifndef LAB06_HARNESS_H
#define LAB06_HARNESS_H

#include <stdint.h>
#include <cuda_runtime.h>

#include "orbits.h"
#include "rng.h"
#include "timing.h"

/* The handout every hint of this lab points into. */
#define HANDOUT "handouts/06-orbits.md"

/* A batch of satellites on the host (h: six arrays of n, the same layout as on the
 * device) and on the device in double (s, over d) and in float (sf and the
 * compensations cf, with the times t and their compensations tc). */
struct batch {
	int n;
	uint64_t seed;
	double *h;
	double *d;
	float *df, *dcf; /* 7 n each: the state and the time */
	struct sat_state s;
	struct sat_state_f sf, cf;
	float *t, *tc;
};

/* n satellites on circular orbits of radius in [6700, 8000] km, any inclination and
 * node, their speed perturbed by up to 1% (mildly eccentric), from @seed. */
cudaError_t batch_open(struct batch *b, int n, uint64_t seed);
void batch_close(struct batch *b);
/* Copies the host state to the device, in double and in float (times and
 * compensations zeroed). */
cudaError_t batch_upload(struct batch *b);
/* The device's double state into @out (six arrays of n), or its float state. */
cudaError_t batch_download(const struct batch *b, double *out);
cudaError_t batch_download_f(const struct batch *b, float *out, float *t);

/* The host state of satellite i as s[6]. */
void batch_state(const struct batch *b, int i, double s[6]);

/* The step of the timed runs, the seed's, in s. */
#define TIMED_DT 10.0

/* The propagators a timed run can call. */
enum propagator {
	PROP_INTEGRATED, /* propagate_integrated, double */
	PROP_FLOAT,	 /* propagate_float */
	PROP_MODULAR,	 /* propagate_modular, double, one launch per stage */
	/* the course's own builds of the two (baseline_build.h, HAVE_BASELINE only), run
	 * in the grader's process: baselines a submission cannot touch */
	PROP_BASELINE_MODULAR,
	PROP_BASELINE_INTEGRATED,
};

/*
 * Times @steps steps of TIMED_DT of propagator @k on the batch, @spl steps per launch
 * (the modular ones launch per stage whatever @spl): a warm-up run, then the median of
 * @runs, the L2 not flushed. A reference propagator without the reference build is
 * cudaErrorNotSupported. Before every run, untimed, the initial state is uploaded
 * again, over whatever the last run (of this propagator or another) left: the
 * propagators update it in place. The state then holds the last run's own work on the
 * initial state, and a propagator that does nothing leaves the initial state there.
 * With @poison_scratch (the speed tests), the modular propagator's scratch is NaN-filled
 * before every run too, so that a stage reading scratch that no earlier launch of the
 * run wrote fails the check after timing.
 */
cudaError_t propagator_time(struct batch *b, enum propagator k, int steps, int spl, int runs,
			    int poison_scratch, struct timing *t);

/* The one orbit of the physics and precision tests: a = 7000 km, i = 51.6 deg. */
#define LEO_A	7000.0
#define LEO_INC 51.6

#endif /* LAB06_HARNESS_H */
