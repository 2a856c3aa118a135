/*
 * Lab 06-orbits, step 6.a: the J2 acceleration against the double CPU reference at
 * random points, and the symmetries of the field.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "orbit.h"
#include "orbits.h"
#include "harness.h"
#include "thresholds.h"

#define STEP "(" HANDOUT ", step 6.a)"

/* Accelerations of the batch's positions from the device, as ax[n], ay[n], az[n]. */
static void device_accel(struct batch *b, double *a)
{
	double *d_a = gpu_alloc(3 * (size_t)b->n * sizeof(double));

	GPU_OK(cudaMemset(d_a, 0xff, 3 * (size_t)b->n * sizeof(double))); /* NaN */
	GPU_OK(j2_accel_batch(b->s, d_a, d_a + b->n, d_a + 2 * (size_t)b->n, b->n));
	gpu_download(a, d_a, 3 * (size_t)b->n * sizeof(double));
	cudaFree(d_a);
}

GRADED_TEST(j2, random_points, 3, 60)
{
	enum { N = 4099 };
	struct batch b;
	struct rng r;
	double *a = malloc(3 * N * sizeof(double)), worst = 0.0;
	int wi = 0;

	gpu_require();
	GPU_OK(batch_open(&b, N, rng_fresh_seed()));
	/* points from low orbit to beyond geostationary, in every direction */
	rng_seed(&r, b.seed);
	for (int i = 0; i < N; i++) {
		double u[3], len, rad = rng_range(&r, 6500.0, 50000.0);
		do {
			for (int c = 0; c < 3; c++)
				u[c] = rng_range(&r, -1.0, 1.0);
			len = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
		} while (len < 0.1 || len > 1.0);
		for (int c = 0; c < 3; c++)
			b.h[(size_t)c * N + i] = rad * u[c] / len;
	}
	GPU_OK(batch_upload(&b));
	device_accel(&b, a);
	for (int i = 0; i < N; i++) {
		double s[6], want[3], d2 = 0.0, w2 = 0.0;
		batch_state(&b, i, s);
		orbit_accel(s, want);
		for (int c = 0; c < 3; c++) {
			double g = a[(size_t)c * N + i];
			d2 += (g - want[c]) * (g - want[c]);
			w2 += want[c] * want[c];
		}
		double e = sqrt(d2 / w2);
		if (!(e <= worst))
			worst = e, wi = i;
	}
	double s[6], want[3];
	batch_state(&b, wi, s);
	orbit_accel(s, want);
	cr_assert(worst <= J2_REL_TOL,
		  "point %d of %d at (%.3f, %.3f, %.3f) km: a = (%.12g, %.12g, %.12g), want "
		  "(%.12g, %.12g, %.12g) km/s^2: relative error %.3g (limit %.0e)\nhint: -mu r / "
		  "r^3, plus k = 1.5 J2 mu Re^2 / r^5 times x (1 - 5 z^2/r^2), y (1 - 5 z^2/r^2) "
		  "and z (3 - 5 z^2/r^2); every constant in double " STEP,
		  wi, N, s[0], s[1], s[2], a[wi], a[N + wi], a[2 * N + wi], want[0], want[1],
		  want[2], worst, J2_REL_TOL);
	GRADE_NOTE("%d points from 6500 to 50000 km: worst relative error %.1e (limit %.0e)", N,
		   worst, J2_REL_TOL);
	free(a);
	batch_close(&b);
}

GRADED_TEST(j2, symmetries, 1, 60)
{
	/* pairs mirrored in the equator, then points on it */
	enum { N = 64 };
	struct batch b;
	double a[3 * N];

	gpu_require();
	GPU_OK(batch_open(&b, N, rng_fresh_seed()));
	for (int i = 0; i < N / 2; i++) {
		/* a point off the equator, and its mirror image in it */
		double phi = 0.7 * i, x = 7000.0 * cos(phi), y = 7000.0 * sin(phi);
		double z = 500.0 + 150.0 * i;
		b.h[2 * i] = b.h[2 * i + 1] = x;
		b.h[N + 2 * i] = b.h[N + 2 * i + 1] = y;
		b.h[2 * N + 2 * i] = z, b.h[2 * N + 2 * i + 1] = -z;
	}
	b.h[2 * N + N - 2] = 0.0, b.h[2 * N + N - 1] = 0.0; /* two points on the equator */
	GPU_OK(batch_upload(&b));
	device_accel(&b, a);
	for (int i = 0; i < N / 2 - 1; i++) {
		int p = 2 * i, q = 2 * i + 1;
		cr_assert(
		    a[2 * N + p] == -a[2 * N + q] && a[p] == a[q] && a[N + p] == a[N + q],
		    "z = +-%.3f km: a = (%g, %g, %g) and (%g, %g, %g); want a_z to change sign "
		    "with z and a_x, a_y not to change\nhint: a_z carries a factor z, the "
		    "rest only z^2 " STEP,
		    b.h[2 * N + p], a[p], a[N + p], a[2 * N + p], a[q], a[N + q], a[2 * N + q]);
	}
	for (int i = 0; i < N; i++) {
		/* and it is the field itself, not a symmetric stand-in such as zero */
		double s[6], want[3], d2 = 0.0, w2 = 0.0;
		batch_state(&b, i, s);
		orbit_accel(s, want);
		for (int c = 0; c < 3; c++)
			d2 += pow(a[c * N + i] - want[c], 2), w2 += want[c] * want[c];
		cr_assert(sqrt(d2 / w2) <= J2_REL_TOL,
			  "point %d at (%.3f, %.3f, %.3f) km: a = (%g, %g, %g), want (%g, %g, %g) "
			  "km/s^2, relative error %.3g (limit %.0e)\nhint: symmetric, but not the "
			  "field: -mu r / r^3 plus "
			  "k = 1.5 J2 mu Re^2 / r^5 times x (1 - 5 z^2/r^2), y (1 - 5 z^2/r^2) and "
			  "z (3 - 5 z^2/r^2) " STEP,
			  i, s[0], s[1], s[2], a[i], a[N + i], a[2 * N + i], want[0], want[1],
			  want[2], sqrt(d2 / w2), J2_REL_TOL);
	}
	for (int i = N - 2; i < N; i++)
		cr_assert(a[2 * N + i] == 0.0,
			  "on the equator (z = 0) a_z = %g, want 0: the field pulls nothing out of "
			  "the equatorial plane " STEP,
			  a[2 * N + i]);
	GRADE_NOTE("a_z odd in z, a_x and a_y even, a_z = 0 on the equator");
	batch_close(&b);
}
