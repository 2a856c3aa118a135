/*
 * Result-against-reference comparison shared by the graders: it measures and
 * locates the error, the caller decides whether it fails.
 */
#include <math.h>
#include <stddef.h>

#include "compare.h"

/** @brief The result under test, float or double, so one loop serves both entry points. */
struct got_array {
	const float *f32;  /**< float result, or NULL */
	const double *f64; /**< double result, used when f32 is NULL */
};

static double got_at(struct got_array g, long idx)
{
	return g.f32 ? (double)g.f32[idx] : g.f64[idx];
}

/*
 * |err| / max(|ref|, floor). An exact zero against a zero floor is exact; inf / inf
 * (squares that overflowed) becomes inf, so it can never compare as within tolerance.
 */
static double rel_err(double err, double ref, double abs_floor)
{
	double den = fmax(ref, abs_floor);
	double rel;

	if (den == 0.0)
		return err == 0.0 ? 0.0 : INFINITY;
	rel = err / den;
	return isnan(rel) ? INFINITY : rel;
}

/* Index of the first non-finite component of vector @p i in either array, or -1. */
static int first_nonfinite(struct got_array g, const double *want, long i, int dim)
{
	for (int k = 0; k < dim; k++) {
		long idx = i * dim + k;

		if (!isfinite(got_at(g, idx)) || !isfinite(want[idx]))
			return k;
	}
	return -1;
}

/* Component of vector @p i with the largest |got - want|, the first one on ties. */
static int largest_component(struct got_array g, const double *want, long i, int dim)
{
	int best = 0;
	double best_err = -1.0;

	for (int k = 0; k < dim; k++) {
		double e = fabs(got_at(g, i * dim + k) - want[i * dim + k]);

		if (e > best_err) {
			best = k;
			best_err = e;
		}
	}
	return best;
}

static struct compare_result compare(struct got_array g, const double *want, long count, int dim,
				     double tol, double abs_floor)
{
	struct compare_result res = {0};
	double sum_err2 = 0.0, sum_ref2 = 0.0, max_rel = 0.0;
	long max_at = 0;

	res.worst = -1;
	res.first_nan = -1;
	if (count <= 0 || dim <= 0)
		return res;
	res.count = count;
	for (long i = 0; i < count; i++) {
		double err2 = 0.0, ref2 = 0.0, rel;

		if (first_nonfinite(g, want, i, dim) >= 0) {
			res.n_nan++;
			res.n_bad++;
			if (res.first_nan < 0)
				res.first_nan = i;
			continue;
		}
		for (int k = 0; k < dim; k++) {
			double w = want[i * dim + k];
			double d = got_at(g, i * dim + k) - w;

			err2 += d * d;
			ref2 += w * w;
		}
		sum_err2 += err2;
		sum_ref2 += ref2;
		rel = rel_err(sqrt(err2), sqrt(ref2), abs_floor);
		if (rel > tol)
			res.n_bad++;
		if (rel > max_rel) {
			max_rel = rel;
			max_at = i;
		}
	}
	res.l2_rel = rel_err(sqrt(sum_err2), sqrt(sum_ref2), abs_floor);
	/* A non-finite vector has an unbounded error: it is the worst, whatever else is. */
	if (res.first_nan >= 0) {
		res.max_rel = INFINITY;
		res.worst = res.first_nan;
		res.worst_component = first_nonfinite(g, want, res.worst, dim);
	} else {
		res.max_rel = max_rel;
		res.worst = max_at;
		res.worst_component = largest_component(g, want, res.worst, dim);
	}
	res.worst_got = got_at(g, res.worst * dim + res.worst_component);
	res.worst_want = want[res.worst * dim + res.worst_component];
	return res;
}

struct compare_result compare_f32(const float *got, const double *want, long count, int dim,
				  double tol, double abs_floor)
{
	struct got_array g = {got, NULL};

	return compare(g, want, count, dim, tol, abs_floor);
}

struct compare_result compare_f64(const double *got, const double *want, long count, int dim,
				  double tol, double abs_floor)
{
	struct got_array g = {NULL, got};

	return compare(g, want, count, dim, tol, abs_floor);
}

int compare_ok(const struct compare_result *res, double l2_tol)
{
	/* Written so that a NaN l2_rel would fail too, should one ever get here. */
	return res->n_nan == 0 && res->l2_rel <= l2_tol;
}
