/**
 * @file compare.h
 * @brief Compares a float result with its double reference and reports where it
 *        went wrong. It returns a result; the caller decides whether that fails.
 */
#ifndef COMMON_COMPARE_H
#define COMMON_COMPARE_H

/** @brief Outcome of comparing @c count vectors of @c dim components each. */
struct compare_result {
	long count;	/**< vectors compared */
	double l2_rel;	/**< ||got - want||_2 / max(||want||_2, abs_floor), finite vectors only */
	double max_rel; /**< largest per-vector |got - want| / max(|want|, abs_floor) */
	long worst; /**< index of that vector, or of the first non-finite one; -1 if count == 0 */
	int worst_component; /**< component of @c worst with the largest difference */
	double worst_got;    /**< got[worst][worst_component] */
	double worst_want;   /**< want[worst][worst_component] */
	long
	    n_bad; /**< vectors whose relative error exceeds the tolerance (non-finite ones included) */
	long n_nan;	/**< vectors with a NaN or infinite component, in got or want */
	long first_nan; /**< index of the first such vector, -1 if none */
};

/**
 * @brief Compares @p got (float) with @p want (double), both @p count x @p dim.
 *
 * The per-vector relative error uses the vector norm |got_i - want_i| / max(|want_i|,
 * abs_floor); @p abs_floor keeps near-zero references (a body at the centre of a
 * symmetric cloud) from turning rounding noise into a huge relative error.
 * A non-finite vector (in @p got or @p want) is always bad, makes max_rel infinite
 * and becomes the reported worst.
 */
struct compare_result compare_f32(const float *got, const double *want, long count, int dim,
				  double tol, double abs_floor);

/** @brief The same comparison for double results (the double-precision labs). */
struct compare_result compare_f64(const double *got, const double *want, long count, int dim,
				  double tol, double abs_floor);

/** @brief True when nothing is non-finite and the relative L2 error is at most @p l2_tol. */
int compare_ok(const struct compare_result *res, double l2_tol);

#endif /* COMMON_COMPARE_H */
