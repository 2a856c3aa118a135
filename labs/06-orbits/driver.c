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
 *   make run LAB=06 ARGS="--tle /usr/lib/python3/dist-packages/sgp4/SGP4-VER.TLE --no-checksums"
 *   make run LAB=06 ARGS="--catalogue 1000 --seed 1"
 *
 * --constellation: a Walker 53:96/12/1 constellation at 550 km, three days unless
 * --steps says otherwise; the fourth line writes each plane's RAAN every 54 minutes
 * (handouts/plots/06-orbits-raan.gp plots it), the fifth draws a day of ground tracks,
 * 459 frames (make movie LAB=06 makes the same movie).
 *
 * --tle FILE, --catalogue N (driver_tle.h): a catalogue of element sets propagated with
 * SGP4 (6.e), the integrated and the modular way, for a day from each set's epoch
 * unless --minutes says otherwise: the sixth line Vallado's verification set, whose
 * hand-edited error cases have wrong checksums; the seventh 1000 random sets of five
 * kinds in turn (catalogue.h), the decaying ones falling within the day.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cuda_check.h"
#include "constellation.h"
#include "driver_tle.h"
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

enum method { INTEGRATED, MODULAR, FLOAT, KAHAN, BOTH };
static const char *const method_names[] = {"integrated", "modular", "float", "kahan", "both"};

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

/* What the command line asks for. */
struct options {
	int n, steps, spl, constellation, n_planes, per_plane, raan_every;
	double dt, inc_deg, alt_km;
	enum method m;
	unsigned long long seed;
	const char *csv_path;
	struct tle_mode tle;
};

/* Reads the command line into @o and @f's frame options: -1 to go on, or main's exit
 * code (0 after --help, 2 after a bad option, with the usage). */
static int read_options(int argc, char **argv, struct options *o, struct frames *f)
{
	int steps_given = 0, rk4_given = 0, method = INTEGRATED, method_given = 0, rc;
	struct arg_spec frame_options[FRAMES_OPTIONS], tle_options[TLE_MODE_OPTIONS];
	const struct arg_spec specs[] = {
	    OPT_INT_GIVEN("-n", &o->n, "N", "satellites (default 550)", &rk4_given),
	    OPT_INT_GIVEN("--steps", &o->steps, "S",
			  "RK4 steps (default 6400; three days, 19200, with --constellation)",
			  &steps_given),
	    OPT_INT_GIVEN("--spl", &o->spl, "K",
			  "steps per launch of the integrated kernels (default: all)", &rk4_given),
	    OPT_DOUBLE_GIVEN("--dt", &o->dt, "DT",
			     "step in seconds (default 13.5: 6400 steps are a day)", &rk4_given),
	    /* the order of enum method */
	    {.name = "--method",
	     .kind = ARG_CHOICE,
	     .dest = &method,
	     .choices = "integrated|modular|float|kahan|both",
	     .help = "the propagator: the integrated kernel in double (default), the\n"
		     "modular one, the integrated in float, or in float with Kahan sums;\n"
		     "with SGP4: integrated, modular or both (the default there)",
	     .given = &method_given},
	    OPT_ULLONG("--seed", &o->seed, "S",
		       "seed of the random orbits, or of --catalogue's sets (default: a\n"
		       "fresh one, printed)"),
	    OPT_FLAG("--constellation", &o->constellation,
		     "Walker delta 53:96/12/1 at 550 km (P planes of Q), three days"),
	    OPT_INT("--planes", &o->n_planes, "P", "with --constellation: planes (default 12)"),
	    OPT_INT("--per-plane", &o->per_plane, "Q",
		    "with --constellation: satellites per plane (default 8)"),
	    OPT_DOUBLE("--inclination", &o->inc_deg, "DEG",
		       "with --constellation: inclination in degrees (default 53)"),
	    OPT_DOUBLE("--altitude", &o->alt_km, "KM",
		       "with --constellation: altitude in km (default 550)"),
	    OPT_STRING("--raan-csv", &o->csv_path, "FILE",
		       "t_s,plane,raan_deg,raan_j2_deg: each plane's mean RAAN and\n"
		       "the J2 formula's (degrees), every K steps (or every frame)"),
	    OPT_INT("--raan-every", &o->raan_every, "K",
		    "steps between RAAN samples without frames (default 60)"),
	    OPT_TABLE("SGP4 options", tle_options,
		      "SGP4 options (6.e: a catalogue of element sets, propagated with SGP4):"),
	    OPT_TABLE("frame options", frame_options,
		      "frame options (the ground tracks on a longitude-latitude map):"),
	    OPT_END};

	frames_defaults(f);
	frames_options(f, frame_options);
	tle_mode_options(&o->tle, tle_options);
	if ((rc = args_parse(argc, argv, specs)) != ARGS_OK)
		return args_usage(stdout, "driver", specs), rc == ARGS_HELP ? 0 : 2;
	o->m = (enum method)method;
	/* --tle, --catalogue: SGP4 (driver_tle.h), none of the RK4 runs' options */
	o->tle.seed = o->seed;
	rc = tle_mode_check(&o->tle, specs,
			    rk4_given || steps_given || o->constellation || o->csv_path || f->dir,
			    method_given ? method_names[method] : NULL);
	if (rc >= 0 || o->tle.on)
		return rc;
	if (o->constellation) {
		o->n = o->n_planes * o->per_plane;
		o->steps = steps_given ? o->steps : 3 * 6400;
		if (o->n_planes < 1 || o->per_plane < 1)
			return args_bad("driver", specs,
					"--planes, --per-plane: expected 1 or more, got %d and %d",
					o->n_planes, o->per_plane);
		if (!(o->alt_km > 0.0))
			return args_bad("driver", specs, "--altitude: expected km > 0, got %g",
					o->alt_km);
	}
	if (o->n < 1)
		return args_bad("driver", specs, "-n: expected 1 satellite or more, got %d", o->n);
	if (o->steps < 1)
		return args_bad("driver", specs, "--steps: expected 1 or more, got %d", o->steps);
	if (o->raan_every < 1)
		return args_bad("driver", specs, "--raan-every: expected 1 or more, got %d",
				o->raan_every);
	o->spl = o->spl > 0 ? o->spl : o->steps;
	return -1;
}

/* The first states, component-major, in @h (double) and @hf (float): circular orbits of
 * random size, inclination and node, each its own "plane" for the RAAN, or the
 * constellation's; each satellite's plane in @plane, each plane's radius and
 * inclination in @track. */
static void first_states(const struct options *o, double *h, float *hf, int *plane,
			 struct raan_track *track)
{
	int n = o->n;
	struct rng r;

	rng_seed(&r, o->seed);
	if (o->constellation)
		constellation_walker(o->n_planes, o->per_plane, 1, ORBIT_RE + o->alt_km,
				     o->inc_deg * PI / 180.0, h, plane);
	for (int i = 0; i < n; i++) {
		double s[6];
		if (o->constellation) {
			for (int c = 0; c < 6; c++)
				s[c] = h[(size_t)c * n + i];
		} else {
			orbit_circular(rng_range(&r, 6700.0, 8000.0), rng_range(&r, 0.0, PI),
				       rng_range(&r, 0.0, 2 * PI), s);
		}
		/* a circle's radius, and its inclination from the angular momentum */
		double hx = s[1] * s[5] - s[2] * s[4], hy = s[2] * s[3] - s[0] * s[5],
		       hz = s[0] * s[4] - s[1] * s[3];
		plane[i] = o->constellation ? plane[i] : i;
		track->a[plane[i]] = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
		track->inc[plane[i]] = acos(hz / sqrt(hx * hx + hy * hy + hz * hz));
		for (int c = 0; c < 6; c++)
			h[(size_t)c * n + i] = s[c], hf[(size_t)c * n + i] = (float)s[c];
	}
}

/* The device buffers of @o's run, holding the first states @h and @hf: the double
 * state, the float one with its clock (two more components), the Kahan
 * compensations, and the modular method's scratch. */
static cudaError_t open_run(struct run *r, const struct options *o, const double *h,
			    const float *hf)
{
	size_t n = (size_t)o->n;
	double *d = NULL, *scratch = NULL;
	float *df = NULL, *dc = NULL;

	CUDA_CHECK(cudaMalloc((void **)&d, 6 * n * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&df, 8 * n * sizeof(float)));
	CUDA_CHECK(cudaMalloc((void **)&dc, 8 * n * sizeof(float)));
	CUDA_CHECK(cudaMemcpy(d, h, 6 * n * sizeof(double), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(df, hf, 6 * n * sizeof(float), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(df + 6 * n, 0, 2 * n * sizeof(float)));
	CUDA_CHECK(cudaMemset(dc, 0, 8 * n * sizeof(float)));
	if (o->m == MODULAR)
		CUDA_CHECK(
		    cudaMalloc((void **)&scratch, MODULAR_SCRATCH_DOUBLES(o->n) * sizeof(double)));
	struct sat_state s = {d, d + n, d + 2 * n, d + 3 * n, d + 4 * n, d + 5 * n};
	struct sat_state_f sf = {df, df + n, df + 2 * n, df + 3 * n, df + 4 * n, df + 5 * n};
	struct sat_state_f cf = {dc, dc + n, dc + 2 * n, dc + 3 * n, dc + 4 * n, dc + 5 * n};
	*r = (struct run){o->m, o->n, o->spl, o->dt, s, sf, cf, df + 6 * n, d, scratch, df};
	return cudaSuccess;
}

static void close_run(struct run *r)
{
	cudaFree(r->d), cudaFree(r->df), cudaFree(r->cf.x), cudaFree(r->scratch);
}

/* All @o's steps, the launches alone timed (CUDA events) into @ms: in blocks that
 * sample the RAAN and draw the frames (run_sampled) when the command line asks for
 * them, in one go otherwise. @per_call: the most steps one call propagated. */
static int propagate(struct run *r, const struct options *o, struct raan_track *track,
		     const int *plane, struct frames *f, float *ms, int *per_call)
{
	FILE *csv = NULL;
	cudaEvent_t e0, e1;

	*per_call = o->steps;
	if (o->csv_path) {
		if (!(csv = fopen(o->csv_path, "w")))
			return perror(o->csv_path), 1;
		fprintf(csv, "t_s,plane,raan_deg,raan_j2_deg\n");
	}
	if (o->constellation || csv || f->dir) {
		if (run_sampled(r, o->steps, o->raan_every, track, plane, f, csv, ms, per_call))
			return 1;
		if (csv && fclose(csv))
			return perror(o->csv_path), 1;
		raan_report(track, o->constellation ? "plane" : "satellite");
		return 0;
	}
	CUDA_CHECK(cudaEventCreate(&e0));
	CUDA_CHECK(cudaEventCreate(&e1));
	CUDA_CHECK(cudaEventRecord(e0, 0));
	CUDA_CHECK(advance(r, o->steps));
	CUDA_CHECK(cudaEventRecord(e1, 0));
	CUDA_CHECK(cudaEventSynchronize(e1));
	CUDA_CHECK(cudaEventElapsedTime(ms, e0, e1));
	return 0;
}

/* The largest distance (km) of SAMPLE satellites after @steps from the double CPU
 * reference, which propagates their first states @h as well. */
static cudaError_t worst_distance(const struct run *r, const double *h, int steps, double *km)
{
	int n = r->n, in_double = r->m == INTEGRATED || r->m == MODULAR;
	double *got = malloc(6 * (size_t)n * sizeof(double));
	float *gotf = malloc(6 * (size_t)n * sizeof(float));

	*km = 0.0;
	if (!got || !gotf)
		return free(got), free(gotf), cudaErrorMemoryAllocation;
	CUDA_CHECK(state_to_host(r, 6, got, gotf));
	for (int k = 0; k < SAMPLE && k < n; k++) {
		int i = (int)((long long)k * n / (SAMPLE < n ? SAMPLE : n));
		double ref[6], d2 = 0.0;
		for (int c = 0; c < 6; c++)
			ref[c] = h[(size_t)c * n + i];
		for (int t = 0; t < steps; t++)
			orbit_rk4(ref, r->dt);
		for (int c = 0; c < 3; c++) {
			double g = in_double ? got[(size_t)c * n + i] : gotf[(size_t)c * n + i];
			d2 += (g - ref[c]) * (g - ref[c]);
		}
		*km = sqrt(d2) > *km ? sqrt(d2) : *km;
	}
	free(got), free(gotf);
	return cudaSuccess;
}

int main(int argc, char **argv)
{
	struct options o = {.n = 550,
			    .steps = 6400,
			    .n_planes = 12,
			    .per_plane = 8,
			    .raan_every = 60,
			    .dt = 13.5,
			    .inc_deg = 53.0,
			    .alt_km = 550.0,
			    .seed = rng_fresh_seed()};
	struct frames f;
	struct raan_track track;
	struct run run;
	char launches[64];
	float ms = 0.f;
	int per_call, rc = read_options(argc, argv, &o, &f);
	double worst;

	if (rc >= 0)
		return rc;
	if (o.tle.on) /* a catalogue with SGP4 (driver_tle.h) */
		return tle_mode_run(&o.tle);
	double *h = malloc(6 * (size_t)o.n * sizeof(double));
	float *hf = malloc(6 * (size_t)o.n * sizeof(float));
	int *plane = malloc((size_t)o.n * sizeof(int));
	if (!h || !hf || !plane || raan_track_open(&track, o.constellation ? o.n_planes : o.n))
		return fprintf(stderr, "out of memory for %d satellites\n", o.n), 1;
	first_states(&o, h, hf, plane, &track);
	CUDA_CHECK(open_run(&run, &o, h, hf));
	if (propagate(&run, &o, &track, plane, &f, &ms, &per_call))
		return 1;
	CUDA_CHECK(worst_distance(&run, h, o.steps, &worst));
	if (o.m == MODULAR) /* four stages and their combination, each a launch of its own */
		snprintf(launches, sizeof(launches), "a launch per stage, five a step");
	else
		snprintf(launches, sizeof(launches), "%d steps a launch",
			 o.spl < per_call ? o.spl : per_call);
	printf("%s: %d satellites x %d steps of %g s (%s), seed 0x%llx\n"
	       "%.3f ms, %.3g RK4 steps/s; worst distance of %d sampled satellites from the "
	       "double CPU reference: %.3g km\n",
	       method_names[o.m], o.n, o.steps, o.dt, launches, o.seed, ms,
	       (double)o.n * o.steps / (ms * 1e-3), SAMPLE < o.n ? SAMPLE : o.n, worst);
	close_run(&run);
	free(h), free(hf), free(plane);
	raan_track_close(&track);
	return 0;
}
