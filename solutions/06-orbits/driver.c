/*
 * Lab 06-orbits driver: propagates a batch of satellites with one method, prints the
 * time (CUDA events) and RK4 steps per second, and the largest distance of sampled
 * satellites from the double CPU reference. With --constellation the batch is a
 * Walker constellation (planes of satellites at one inclination): the driver follows
 * each plane's right ascension of the ascending node (RAAN) and prints its J2 drift
 * against the formula -3/2 n J2 (Re/p)^2 cos i; --raan-csv writes it, --frames draws
 * the ground tracks (sub-satellite points on a longitude-latitude map, one colour per
 * plane). Do not modify; try things with it:
 *
 *   make run LAB=06 ARGS="-n 550 --steps 6400"                    the seed's shape
 *   make run LAB=06 ARGS="-n 550 --steps 6400 --method modular"
 *   make run LAB=06 ARGS="-n 100000 --steps 8640 --method float"  one day in float
 *   make run LAB=06 ARGS="--constellation --raan-every 240 --raan-csv build/raan.csv"
 *   make run LAB=06 ARGS="--constellation --steps 6400 --frames build/movie/06 --every 14"
 *
 * --constellation: a Walker 53:96/12/1 constellation at 550 km, three days unless
 * --steps says otherwise; the fourth line writes each plane's RAAN every 54 minutes
 * (handouts/plots/06-orbits-raan.gp plots it), the fifth draws a day of ground tracks,
 * 459 frames (make movie LAB=06 makes the same movie).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cuda_check.h"
#include "constellation.h"
#include "frames.h"
#include "orbit.h"
#include "orbits.h"
#include "rng.h"

#define SAMPLE 16
#define PI     3.14159265358979323846
/* ground-track points per satellite per frame (one per step up to this), the time
 * over which a track fades to 1/e, and the weight of a satellite's newest point */
#define TRAIL_POINTS 64
#define TRAIL_S	     900.0
#define HEAD_WEIGHT  4

enum method { INTEGRATED, MODULAR, FLOAT, KAHAN };

struct run {
	enum method m;
	int n, spl;
	double dt;
	struct sat_state s;
	struct sat_state_f sf, cf;
	float *d_t;
	double *d, *scratch;
	float *df;
};

static cudaError_t advance(struct run *r, int steps)
{
	int spl = r->spl < steps ? r->spl : steps;

	if (r->m == INTEGRATED)
		return propagate_integrated(r->s, r->n, r->dt, steps, spl, NULL);
	if (r->m == MODULAR)
		return propagate_modular(r->s, r->n, r->dt, steps, r->scratch);
	if (r->m == FLOAT)
		return propagate_float(r->sf, r->d_t, r->n, (float)r->dt, steps, spl);
	return propagate_kahan(r->sf, r->cf, r->d_t, r->cf.x + 6 * (size_t)r->n, r->n, (float)r->dt,
			       steps, spl);
}

/* The first comps (3: positions, 6: the state) arrays of the state, as doubles. */
static cudaError_t state_to_host(const struct run *r, int comps, double *h, float *hf)
{
	size_t k = (size_t)comps * r->n;

	if (r->m == INTEGRATED || r->m == MODULAR)
		return cudaMemcpy(h, r->d, k * sizeof(double), cudaMemcpyDeviceToHost);
	CUDA_CHECK(cudaMemcpy(hf, r->df, k * sizeof(float), cudaMemcpyDeviceToHost));
	for (size_t j = 0; j < k; j++)
		h[j] = hf[j];
	return cudaSuccess;
}

/* The fitted RAAN drift of every plane against the formula, in degrees per day. */
static void raan_report(const struct raan_track *p, const char *what)
{
	double day = 86400.0 * 180.0 / PI, meas = 0.0, want = 0.0, worst = 0.0;

	for (int k = 0; k < p->planes; k++) {
		double rate = raan_track_rate(p, k), j2 = orbit_nodal_rate(p->a[k], 0.0, p->inc[k]);
		meas += rate * day / p->planes, want += j2 * day / p->planes;
		worst = fmax(worst, fabs(rate - j2) * day);
	}
	printf("RAAN drift, the least-squares line of each %s's mean RAAN: measured %.4f "
	       "deg/day, J2 formula %.4f deg/day (means of %d); worst difference %.4f deg/day\n",
	       what, meas, want, p->planes, worst);
}

/*
 * The run in blocks (a frame each, or raan_every steps), each block in up to
 * TRAIL_POINTS parts whose positions are the frame's ground-track points. Only the
 * propagation launches are timed (ms_total); copies, RAAN and frames are not. *most:
 * the most steps one call propagated.
 */
static int run_sampled(struct run *r, int steps, int raan_every, struct raan_track *p,
		       const int *plane, struct frames *f, FILE *csv, float *ms_total, int *most)
{
	int n = r->n, block = f->dir ? f->every : raan_every, npts;
	int trail = !f->dir ? 1 : block < TRAIL_POINTS ? block : TRAIL_POINTS;
	int room = trail + HEAD_WEIGHT;
	double *h = malloc(6 * (size_t)n * sizeof(double));
	float *hf = malloc(6 * (size_t)n * sizeof(float));
	float *pts = malloc(3 * (size_t)n * room * sizeof(float));
	float *tags = malloc((size_t)n * room * sizeof(float));
	struct render_points rp = {0, pts, 3, NULL, 0, tags, 1};
	const float origin[3] = {0.f, 0.f, 0.f};
	float ms, half_h = fmaxf(90.f, 180.f * (float)f->height / (float)f->width);
	cudaEvent_t e0, e1;

	if (!h || !hf || !pts || !tags)
		return fprintf(stderr, "out of memory for the samples\n"), 1;
	CUDA_CHECK(cudaEventCreate(&e0));
	CUDA_CHECK(cudaEventCreate(&e1));
	/* the map: orthographic, looking down -z at x = longitude, y = latitude */
	frames_view(f, origin, 2.f * half_h, 90.f, -90.f, 0.f);
	f->style.colour = RENDER_TAG;
	f->style.splat_px = fmaxf(0.5f, 0.75f * (float)f->width / 960.f);
	f->style.exposure = 4.f;
	f->style.fade = (float)exp(-block * r->dt / TRAIL_S);
	if (frames_open(f))
		return 1;
	*ms_total = 0.f, *most = 0;
	CUDA_CHECK(state_to_host(r, 6, h, hf));
	raan_track_sample(p, h, n, plane, 0.0, csv);
	constellation_ground_points(h, n, 0.0, plane, pts, tags);
	npts = n;
	for (int step = 0; step < steps;) {
		int k = steps - step < block ? steps - step : block, done = 0;
		rp.n = npts;
		if (frames_due(f, step) && frames_write_host(f, &rp))
			return 1;
		npts = 0;
		for (int j = 1; j <= trail; j++) {
			int sub = (int)((long long)j * k / trail) - done;
			if (sub <= 0)
				continue;
			CUDA_CHECK(cudaEventRecord(e0, 0));
			CUDA_CHECK(advance(r, sub));
			CUDA_CHECK(cudaEventRecord(e1, 0));
			CUDA_CHECK(cudaEventSynchronize(e1));
			CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
			*ms_total += ms;
			*most = sub > *most ? sub : *most;
			done += sub;
			if (!f->dir)
				continue;
			CUDA_CHECK(state_to_host(r, 3, h, hf));
			constellation_ground_points(h, n, (step + done) * r->dt, plane,
						    pts + 3 * (size_t)npts, tags + npts);
			npts += n;
		}
		for (int j = 1; f->dir && j < HEAD_WEIGHT; j++, npts += n) {
			memcpy(pts + 3 * (size_t)npts, pts + 3 * (size_t)(npts - n),
			       3 * n * sizeof(float));
			memcpy(tags + npts, tags + npts - n, n * sizeof(float));
		}
		step += k;
		CUDA_CHECK(state_to_host(r, 6, h, hf));
		raan_track_sample(p, h, n, plane, step * r->dt, csv);
	}
	rp.n = npts;
	if (f->dir && frames_write_host(f, &rp))
		return 1;
	frames_close(f);
	free(h), free(hf), free(pts), free(tags);
	return 0;
}

int main(int argc, char **argv)
{
	int n = 550, steps = 6400, spl = 0, constellation = 0, steps_given = 0;
	int n_planes = 12, per_plane = 8, raan_every = 60, method = INTEGRATED;
	double dt = 13.5, inc_deg = 53.0, alt_km = 550.0;
	enum method m;
	unsigned long long seed = rng_fresh_seed();
	const char *csv_path = NULL;
	struct rng r;
	struct frames f;
	struct arg_spec frame_options[FRAMES_OPTIONS];
	enum args_result rc;
	const struct arg_spec specs[] = {
	    OPT_INT("-n", &n, "N", "satellites (default 550)"),
	    {.name = "--steps",
	     .kind = ARG_INT,
	     .dest = &steps,
	     .metavar = "S",
	     .help = "RK4 steps (default 6400; three days, 19200, with --constellation)",
	     .given = &steps_given},
	    OPT_INT("--spl", &spl, "K",
		    "steps per launch of the integrated kernels (default: all)"),
	    OPT_DOUBLE("--dt", &dt, "DT", "step in seconds (default 13.5: 6400 steps are a day)"),
	    /* the order of enum method */
	    OPT_CHOICE("--method", &method, "integrated|modular|float|kahan",
		       "the propagator: the integrated kernel in double (default), the\n"
		       "modular one, the integrated in float, or in float with Kahan sums"),
	    OPT_ULLONG("--seed", &seed, "S",
		       "seed of the random orbits (default: a fresh one, printed)"),
	    OPT_FLAG("--constellation", &constellation,
		     "Walker delta 53:96/12/1 at 550 km (P planes of Q), three days"),
	    OPT_INT("--planes", &n_planes, "P", "with --constellation: planes (default 12)"),
	    OPT_INT("--per-plane", &per_plane, "Q",
		    "with --constellation: satellites per plane (default 8)"),
	    OPT_DOUBLE("--inclination", &inc_deg, "DEG",
		       "with --constellation: inclination in degrees (default 53)"),
	    OPT_DOUBLE("--altitude", &alt_km, "KM",
		       "with --constellation: altitude in km (default 550)"),
	    OPT_STRING("--raan-csv", &csv_path, "FILE",
		       "t_s,plane,raan_deg,raan_j2_deg: each plane's mean RAAN and\n"
		       "the J2 formula's (degrees), every K steps (or every frame)"),
	    OPT_INT("--raan-every", &raan_every, "K",
		    "steps between RAAN samples without frames (default 60)"),
	    OPT_TABLE("frame options", frame_options,
		      "frame options (the ground tracks on a longitude-latitude map):"),
	    OPT_END};

	frames_defaults(&f);
	frames_options(&f, frame_options);
	if ((rc = args_parse(argc, argv, specs)) != ARGS_OK)
		return args_usage(stdout, "driver", specs), rc == ARGS_HELP ? 0 : 2;
	m = (enum method)method;
	if (constellation) {
		n = n_planes * per_plane;
		steps = steps_given ? steps : 3 * 6400;
		if (n_planes < 1 || per_plane < 1)
			return args_bad("driver", specs,
					"--planes, --per-plane: expected 1 or more, got %d and %d",
					n_planes, per_plane);
		if (!(alt_km > 0.0))
			return args_bad("driver", specs, "--altitude: expected km > 0, got %g",
					alt_km);
	}
	if (n < 1)
		return args_bad("driver", specs, "-n: expected 1 satellite or more, got %d", n);
	if (steps < 1)
		return args_bad("driver", specs, "--steps: expected 1 or more, got %d", steps);
	if (raan_every < 1)
		return args_bad("driver", specs, "--raan-every: expected 1 or more, got %d",
				raan_every);
	spl = spl > 0 ? spl : steps;

	/* circular orbits of random size, inclination and node (each its own "plane" for
	 * the RAAN), or the constellation's */
	double *h = malloc(6 * (size_t)n * sizeof(double));
	float *hf = malloc(6 * (size_t)n * sizeof(float));
	int *plane = malloc((size_t)n * sizeof(int));
	struct raan_track track;
	if (!h || !hf || !plane || raan_track_open(&track, constellation ? n_planes : n))
		return fprintf(stderr, "out of memory for %d satellites\n", n), 1;
	rng_seed(&r, seed);
	if (constellation)
		constellation_walker(n_planes, per_plane, 1, ORBIT_RE + alt_km,
				     inc_deg * PI / 180.0, h, plane);
	for (int i = 0; i < n; i++) {
		double s[6];
		if (constellation) {
			for (int c = 0; c < 6; c++)
				s[c] = h[(size_t)c * n + i];
		} else {
			orbit_circular(rng_range(&r, 6700.0, 8000.0), rng_range(&r, 0.0, PI),
				       rng_range(&r, 0.0, 2 * PI), s);
		}
		/* a circle's radius, and its inclination from the angular momentum */
		double hx = s[1] * s[5] - s[2] * s[4], hy = s[2] * s[3] - s[0] * s[5],
		       hz = s[0] * s[4] - s[1] * s[3];
		plane[i] = constellation ? plane[i] : i;
		track.a[plane[i]] = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
		track.inc[plane[i]] = acos(hz / sqrt(hx * hx + hy * hy + hz * hz));
		for (int c = 0; c < 6; c++)
			h[(size_t)c * n + i] = s[c], hf[(size_t)c * n + i] = (float)s[c];
	}
	double *d = NULL, *scratch = NULL;
	float *df = NULL, *dc = NULL, *dt_f = NULL;
	CUDA_CHECK(cudaMalloc((void **)&d, 6 * (size_t)n * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&df, 8 * (size_t)n * sizeof(float)));
	CUDA_CHECK(cudaMalloc((void **)&dc, 8 * (size_t)n * sizeof(float)));
	CUDA_CHECK(cudaMemcpy(d, h, 6 * (size_t)n * sizeof(double), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(df, hf, 6 * (size_t)n * sizeof(float), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(df + 6 * (size_t)n, 0, 2 * (size_t)n * sizeof(float)));
	CUDA_CHECK(cudaMemset(dc, 0, 8 * (size_t)n * sizeof(float)));
	dt_f = df + 6 * (size_t)n;
	if (m == MODULAR)
		CUDA_CHECK(
		    cudaMalloc((void **)&scratch, MODULAR_SCRATCH_DOUBLES(n) * sizeof(double)));
	struct sat_state s = {
	    d, d + n, d + 2 * (size_t)n, d + 3 * (size_t)n, d + 4 * (size_t)n, d + 5 * (size_t)n};
	struct sat_state_f sf = {df,
				 df + n,
				 df + 2 * (size_t)n,
				 df + 3 * (size_t)n,
				 df + 4 * (size_t)n,
				 df + 5 * (size_t)n};
	struct sat_state_f cf = {dc,
				 dc + n,
				 dc + 2 * (size_t)n,
				 dc + 3 * (size_t)n,
				 dc + 4 * (size_t)n,
				 dc + 5 * (size_t)n};
	struct run run = {m, n, spl, dt, s, sf, cf, dt_f, d, scratch, df};

	cudaEvent_t e0, e1;
	float ms;
	int per_call = steps;
	FILE *csv = NULL;
	if (csv_path) {
		if (!(csv = fopen(csv_path, "w")))
			return perror(csv_path), 1;
		fprintf(csv, "t_s,plane,raan_deg,raan_j2_deg\n");
	}
	if (constellation || csv || f.dir) {
		/* sampled: the RAAN, the ground tracks; only the launches are timed */
		if (run_sampled(&run, steps, raan_every, &track, plane, &f, csv, &ms, &per_call))
			return 1;
		if (csv && fclose(csv))
			return perror(csv_path), 1;
		raan_report(&track, constellation ? "plane" : "satellite");
	} else {
		CUDA_CHECK(cudaEventCreate(&e0));
		CUDA_CHECK(cudaEventCreate(&e1));
		CUDA_CHECK(cudaEventRecord(e0, 0));
		CUDA_CHECK(advance(&run, steps));
		CUDA_CHECK(cudaEventRecord(e1, 0));
		CUDA_CHECK(cudaEventSynchronize(e1));
		CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
	}

	/* the largest distance of sampled satellites from the double CPU reference */
	double *got = malloc(6 * (size_t)n * sizeof(double));
	float *gotf = malloc(6 * (size_t)n * sizeof(float));
	if (m == INTEGRATED || m == MODULAR)
		CUDA_CHECK(
		    cudaMemcpy(got, d, 6 * (size_t)n * sizeof(double), cudaMemcpyDeviceToHost));
	else
		CUDA_CHECK(
		    cudaMemcpy(gotf, df, 6 * (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
	double worst = 0.0;
	for (int k = 0; k < SAMPLE && k < n; k++) {
		int i = (int)((long long)k * n / (SAMPLE < n ? SAMPLE : n));
		double ref[6];
		for (int c = 0; c < 6; c++)
			ref[c] = h[(size_t)c * n + i];
		for (int t = 0; t < steps; t++)
			orbit_rk4(ref, dt);
		double d2 = 0.0;
		for (int c = 0; c < 3; c++) {
			double g = m == INTEGRATED || m == MODULAR ? got[(size_t)c * n + i]
								   : gotf[(size_t)c * n + i];
			d2 += (g - ref[c]) * (g - ref[c]);
		}
		worst = sqrt(d2) > worst ? sqrt(d2) : worst;
	}
	const char *names[] = {"integrated", "modular", "float", "kahan"};
	char launches[64];
	if (m == MODULAR) /* four stages and their combination, each a launch of its own */
		snprintf(launches, sizeof(launches), "a launch per stage, five a step");
	else
		snprintf(launches, sizeof(launches), "%d steps a launch",
			 spl < per_call ? spl : per_call);
	printf("%s: %d satellites x %d steps of %g s (%s), seed 0x%llx\n"
	       "%.3f ms, %.3g RK4 steps/s; worst distance of %d sampled satellites from the "
	       "double CPU reference: %.3g km\n",
	       names[m], n, steps, dt, launches, seed, ms, (double)n * steps / (ms * 1e-3),
	       SAMPLE < n ? SAMPLE : n, worst);
	cudaFree(d), cudaFree(df), cudaFree(dc), cudaFree(scratch);
	free(h), free(hf), free(got), free(gotf);
	free(plane);
	raan_track_close(&track);
	return 0;
}
