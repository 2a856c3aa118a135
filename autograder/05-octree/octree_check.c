/*
 * The octree checkers: what the grader runs on a tree the lab's kernels built. They
 * walk it from the root once, safely (ranges, cycles, depth), then check the structure,
 * the summaries or the sort, each naming the first node that is wrong (see octree.h).
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "octree_check.h"
#include "reference.h"
#include "vec.h"

__attribute__((format(printf, 3, 4))) static int fail(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (why && len > 0) {
		va_start(ap, fmt);
		vsnprintf(why, len, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* What the checkers share: the cells reachable from the root and where each node hangs. */

struct walk {
	int *order;  /* reachable cells, each after its parent */
	int cells;   /* entries of order */
	int *from;   /* per node: 8 parent + slot holding it; -1 unreached, -2 the root */
	int *depth;  /* per cell: levels below the root */
	float4 *box; /* per cell: centre (x, y, z) and half-width (w), derived from the root */
};

static void walk_close(struct walk *w)
{
	free(w->order);
	free(w->from);
	free(w->depth);
	free(w->box);
}

/* fail(), closing the walk after the message has read from it. */
__attribute__((format(printf, 4, 5))) static int fail_closing(struct walk *w, char *why, size_t len,
							      const char *fmt, ...)
{
	va_list ap;

	if (why && len > 0) {
		va_start(ap, fmt);
		vsnprintf(why, len, fmt, ap);
		va_end(ap);
	}
	walk_close(w);
	return -1;
}

static int check_header(const struct octree_host *t, char *why, size_t len)
{
	if (!t->child || !t->node || !t->count || !t->start || !t->sorted)
		return fail(why, len,
			    "tree: an array is NULL; want all five allocated (octree_alloc)");
	if (t->n < 1 || t->nnodes < t->n || t->nnodes >= INT_MAX / 8 || t->bottom < t->n ||
	    t->bottom > t->nnodes)
		return fail(
		    why, len,
		    "tree: n = %d, bottom = %d, nnodes = %d; want 1 <= n <= bottom <= nnodes", t->n,
		    t->bottom, t->nnodes);
	return 0;
}

/* Reaches every cell from the root once, checking ranges, repeats, empty cells and depth. */
static int walk_open(const struct octree_host *t, struct walk *w, char *why, size_t len)
{
	const int n = t->n, root = t->nnodes;
	size_t nodes = (size_t)root + 1;

	memset(w, 0, sizeof(*w));
	if (check_header(t, why, len))
		return -1;
	w->order = malloc((size_t)(root - t->bottom + 1) * sizeof(int));
	w->from = malloc(nodes * sizeof(int));
	w->depth = malloc(nodes * sizeof(int));
	w->box = malloc(nodes * sizeof(float4));
	if (!w->order || !w->from || !w->depth || !w->box)
		return fail_closing(w, why, len, "tree check: out of memory for %zu nodes", nodes);
	for (size_t j = 0; j < nodes; j++)
		w->from[j] = -1;
	w->order[w->cells++] = root;
	w->from[root] = -2;
	w->depth[root] = 0;
	w->box[root] = f4(t->centre.x, t->centre.y, t->centre.z, t->radius);
	for (int q = 0; q < w->cells; q++) {
		int c = w->order[q], kids = 0;
		float4 b = w->box[c];

		for (int k = 0; k < 8; k++) {
			int ch = t->child[8 * c + k], f;

			if (ch == -1)
				continue;
			kids++;
			if (ch < -1 || ch > root || (ch >= n && ch < t->bottom))
				return fail_closing(
				    w, why, len,
				    "cell %d slot %d: child %d is out of range; want -1 (empty), a body in [0, %d) or a cell in [bottom %d, nnodes %d]",
				    c, k, ch, n, t->bottom, root);
			f = w->from[ch];
			if (f != -1) {
				if (f == -2)
					return fail_closing(
					    w, why, len,
					    "cell %d slot %d holds the root %d: a cycle; want each node in exactly one slot below the root",
					    c, k, ch);
				return fail_closing(
				    w, why, len,
				    "%s %d is reachable twice, from cell %d slot %d and from cell %d slot %d; want it in exactly one slot",
				    ch < n ? "body" : "cell", ch, f / 8, f % 8, c, k);
			}
			if (w->depth[c] + 1 > OCTREE_MAX_DEPTH)
				return fail_closing(
				    w, why, len,
				    "cell %d slot %d: %s %d lies %d levels below the root; want at most OCTREE_MAX_DEPTH = %d (coincident bodies must stop the build)",
				    c, k, ch < n ? "body" : "cell", ch, w->depth[c] + 1,
				    OCTREE_MAX_DEPTH);
			w->from[ch] = 8 * c + k;
			if (ch >= n) {
				float3 oc = octree_child_centre(f3(b.x, b.y, b.z), k, b.w * 0.5f);

				w->order[w->cells++] = ch;
				w->depth[ch] = w->depth[c] + 1;
				w->box[ch] = f4(oc.x, oc.y, oc.z, b.w * 0.5f);
			}
		}
		if (kids == 0)
			return fail_closing(
			    w, why, len,
			    "cell %d (depth %d) has no children; want at least one body below every cell (an empty cell has no centre of mass)",
			    c, w->depth[c]);
	}
	for (int j = 0; j < n; j++) {
		if (w->from[j] == -1)
			return fail_closing(
			    w, why, len,
			    "body %d (of %d) is in no slot reachable from the root %d; want every body inserted once (lost by a race in the build?)",
			    j, n, root);
	}
	return 0;
}

/* The root box must follow the bounding box rule, within the slack of the box test. */
static int check_root(const struct octree_host *t, const float4 *b, float slack, char *why,
		      size_t len)
{
	float3 c;
	float r;

	if (!isfinite(t->radius) || t->radius < 0.0f)
		return fail(why, len, "root box: half-width %g; want a finite value >= 0",
			    t->radius);
	if (octree_root_box(b, t->n, &c, &r))
		return fail(why, len, "bodies: a position is not finite; want finite inputs");
	if (!(fabsf(t->radius - r) <= slack) || !(fabsf(t->centre.x - c.x) <= slack) ||
	    !(fabsf(t->centre.y - c.y) <= slack) || !(fabsf(t->centre.z - c.z) <= slack))
		return fail(
		    why, len,
		    "root box: centre (%.7g, %.7g, %.7g), half-width %.7g; want (%.7g, %.7g, %.7g), %.7g: the middle of the bodies' bounding box and half its largest side",
		    t->centre.x, t->centre.y, t->centre.z, t->radius, c.x, c.y, c.z, r);
	return 0;
}

/* Whether p lies in octant k of the cell box b, give or take the slack. */
static int in_octant(float4 p, float4 b, int k, float slack)
{
	float h = b.w * 0.5f;
	float3 oc = octree_child_centre(f3(b.x, b.y, b.z), k, h);

	return fabsf(p.x - oc.x) <= h + slack && fabsf(p.y - oc.y) <= h + slack &&
	       fabsf(p.z - oc.z) <= h + slack;
}

/* Whether node y hangs below cell x. */
static int below(const struct walk *w, int y, int x)
{
	for (; w->from[y] >= 0; y = w->from[y] / 8)
		if (w->from[y] / 8 == x)
			return 1;
	return 0;
}

/*
 * Body j must lie in the octant of every slot on its path from the root. At the highest
 * slot it does not, either the node there is a cell in the wrong slot (none of its
 * bodies is in that octant: children compacted?) or body j is under the wrong cell.
 */
static int check_path(const struct walk *w, const float4 *bodies, int n, int j, float slack,
		      char *why, size_t len)
{
	float4 p = bodies[j], b;
	int x = -1, c = 0, k = 0, inside = 0, count = 0;

	for (int y = j; w->from[y] >= 0; y = w->from[y] / 8)
		if (!in_octant(p, w->box[w->from[y] / 8], w->from[y] % 8, slack))
			x = y, c = w->from[y] / 8, k = w->from[y] % 8;
	if (x < 0)
		return 0;
	b = w->box[c];
	for (int i = 0; x >= n && i < n; i++) {
		if (below(w, i, x)) {
			count++;
			inside += in_octant(bodies[i], b, k, slack);
		}
	}
	if (x >= n && inside == 0)
		return fail(
		    why, len,
		    "cell %d is in slot %d of cell %d (centre (%.7g, %.7g, %.7g), half-width %.3g), but none of its %d bodies lies in that octant (body %d at (%.7g, %.7g, %.7g) is in octant %d); want each child in its octant's slot (children never compacted)",
		    x, k, c, b.x, b.y, b.z, b.w, count, j, p.x, p.y, p.z,
		    octree_octant(p, f3(b.x, b.y, b.z)));
	if (x == j)
		return fail(
		    why, len,
		    "body %d at (%.7g, %.7g, %.7g) is in slot %d of cell %d (centre (%.7g, %.7g, %.7g), half-width %.3g) but lies in its octant %d; want slot k = (x > cx) | (y > cy) << 1 | (z > cz) << 2",
		    j, p.x, p.y, p.z, k, c, b.x, b.y, b.z, b.w,
		    octree_octant(p, f3(b.x, b.y, b.z)));
	return fail(
	    why, len,
	    "body %d at (%.7g, %.7g, %.7g) lies in octant %d of cell %d (centre (%.7g, %.7g, %.7g), half-width %.3g) but hangs below cell %d in its slot %d, with %d bodies that do lie there; want every body below the slot of its own octant at each level",
	    j, p.x, p.y, p.z, octree_octant(p, f3(b.x, b.y, b.z)), c, b.x, b.y, b.z, b.w, x, k,
	    inside);
}

int octree_check_structure(const struct octree_host *t, const float4 *bodies, char *why, size_t len)
{
	struct walk w;
	float slack;
	int rc = 0;

	if (check_header(t, why, len))
		return -1;
	slack = 1e-6f * (fabsf(t->radius) +
			 fmaxf(fmaxf(fabsf(t->centre.x), fabsf(t->centre.y)), fabsf(t->centre.z)));
	if (check_root(t, bodies, slack, why, len) || walk_open(t, &w, why, len))
		return -1;
	for (int j = 0; rc == 0 && j < t->n; j++)
		rc = check_path(&w, bodies, t->n, j, slack, why, len);
	walk_close(&w);
	if (rc == 0 && why && len > 0)
		why[0] = '\0';
	return rc;
}

/* "slot 0: body 12, mass 1e-06; slot 3: cell 99, mass 0.5" for the messages. */
static void list_children(const struct octree_host *t, const float4 *bodies, int c, int counts,
			  char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int k = 0; k < 8 && used < len; k++) {
		int ch = t->child[8 * c + k];
		int wrote;

		if (ch < 0)
			continue;
		if (counts)
			wrote = ch < t->n ? snprintf(buf + used, len - used, "%sslot %d: body %d",
						     used ? "; " : "", k, ch)
					  : snprintf(buf + used, len - used,
						     "%sslot %d: cell %d, count %d",
						     used ? "; " : "", k, ch, t->count[ch]);
		else
			wrote = snprintf(buf + used, len - used, "%sslot %d: %s %d, mass %.6g",
					 used ? "; " : "", k, ch < t->n ? "body" : "cell", ch,
					 ch < t->n ? bodies[ch].w : t->node[ch].w);
		used += wrote > 0 ? (size_t)wrote : 0;
	}
}

/* Which of two weightings other than by mass cell @p c's centre of mass @p got equals,
 * within @p allowed: bit 0 by body count, bit 1 none (the plain mean); 0 for neither. */
static int weighting_of(const struct octree_host *t, const float4 *bodies, int c, float4 got,
			double allowed)
{
	double s[2][3] = {{0.0}}, w[2] = {0.0, 0.0};
	int found = 0;

	for (int k = 0; k < 8; k++) {
		int ch = t->child[8 * c + k];
		if (ch < 0 || ch > t->nnodes)
			continue;
		float4 p = ch < t->n ? bodies[ch] : t->node[ch];
		double cnt = ch < t->n ? 1.0 : t->count[ch], pos[3] = {p.x, p.y, p.z};
		for (int a = 0; a < 3; a++)
			s[0][a] += cnt * pos[a], s[1][a] += pos[a];
		w[0] += cnt, w[1] += 1.0;
	}
	for (int v = 0; v < 2; v++) {
		double d[3] = {got.x - s[v][0] / w[v], got.y - s[v][1] / w[v],
			       got.z - s[v][2] / w[v]};
		if (w[v] > 0.0 && sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) <= allowed)
			found |= 1 << v;
	}
	return found;
}

/* The cause of cell @p c's wrong centre of mass where it is one of the two weightings
 * other than by mass; where this cell, of bodies alone, cannot tell them apart, the
 * first cell with a child cell of several bodies that can. "" when neither. */
static const char *summary_weighting(const struct octree_host *t, const float4 *bodies,
				     const struct walk *w, int c, float4 got, double allowed,
				     double tol)
{
	int found = weighting_of(t, bodies, c, got, allowed);

	for (int q = w->cells - 1; q >= 0 && found == 3; q--) {
		int o = w->order[q];
		double a = tol * w->box[o].w;
		int f = weighting_of(t, bodies, o, t->node[o], a);
		if (f == 1 || f == 2)
			found = f;
	}
	return found == 1   ? "; it is the mean of the children's positions weighted by their "
			      "body counts, not their masses: weight each child by its mass, m x "
			      "summed over M (step 5.c)"
	       : found == 2 ? "; it is the plain mean of the children's positions: weight each "
			      "child by its mass, m x summed over M (step 5.c)"
	       : found == 3 ? "; it is the mean of the children's positions, not weighted by "
			      "their masses: weight each child by its mass, m x summed over M "
			      "(step 5.c)"
			    : "";
}

/* "; it is the sum of the slots child[c + k], another cell's" where cell @p c's mass
 * @p got is that: the cause, or "". */
static const char *summary_slots(const struct octree_host *t, const float4 *bodies, int c,
				 float got, double tol)
{
	double m = 0.0;

	for (int k = 0; k < 8; k++) {
		int ch = c + k <= 8 * t->nnodes + 7 ? t->child[c + k] : -1;
		if (ch >= 0 && ch <= t->nnodes)
			m += ch < t->n ? bodies[ch].w : t->node[ch].w;
	}
	return m > 0.0 && fabs(got - m) <= tol * m
		   ? "; it is the sum over child[c + k] for k = 0 to 7, slots of other cells: "
		     "cell c's eight slots are child[8 c + k] (step 5.c)"
		   : "";
}

int octree_check_summary(const struct octree_host *t, const float4 *bodies, double tol, char *why,
			 size_t len)
{
	struct walk w;
	char kids[400];

	if (walk_open(t, &w, why, len))
		return -1;
	for (int q = w.cells - 1; q >= 0; q--) {
		int c = w.order[q], cnt = 0;
		double m = 0.0, s[3] = {0.0, 0.0, 0.0}, want[3], d[3], dist, allowed;
		float4 got = t->node[c];

		for (int k = 0; k < 8; k++) {
			int ch = t->child[8 * c + k];
			float4 p;

			if (ch < 0)
				continue;
			p = ch < t->n ? bodies[ch] : t->node[ch];
			m += p.w;
			s[0] += (double)p.w * p.x;
			s[1] += (double)p.w * p.y;
			s[2] += (double)p.w * p.z;
			cnt += ch < t->n ? 1 : t->count[ch];
		}
		if (!(fabs(got.w - m) <= tol * fabs(m))) {
			list_children(t, bodies, c, 0, kids, sizeof(kids));
			return fail_closing(
			    &w, why, len,
			    "cell %d: mass %.9g, want %.9g = the sum of its children's (%s); relative error %.3g, tolerance %.3g%s",
			    c, got.w, m, kids, fabs(got.w - m) / fabs(m), tol,
			    summary_slots(t, bodies, c, got.w, tol));
		}
		for (int k = 0; k < 3; k++)
			want[k] = m > 0.0 ? s[k] / m : 0.0;
		d[0] = got.x - want[0], d[1] = got.y - want[1], d[2] = got.z - want[2];
		dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
		allowed =
		    tol * w.box[c].w +
		    8.0 * FLT_EPSILON * fmax(fmax(fabs(want[0]), fabs(want[1])), fabs(want[2]));
		if (m > 0.0 && !(dist <= allowed)) {
			list_children(t, bodies, c, 0, kids, sizeof(kids));
			return fail_closing(
			    &w, why, len,
			    "cell %d: centre of mass (%.7g, %.7g, %.7g), want (%.7g, %.7g, %.7g) = sum(m x) / M over its children (%s); off by %.3g, allowed %.3g (tolerance %.3g of the half-width %.3g)%s",
			    c, got.x, got.y, got.z, want[0], want[1], want[2], kids, dist, allowed,
			    tol, w.box[c].w,
			    summary_weighting(t, bodies, &w, c, got, allowed, tol));
		}
		if (t->count[c] != cnt) {
			list_children(t, bodies, c, 1, kids, sizeof(kids));
			return fail_closing(&w, why, len,
					    "cell %d: count %d, want %d = the bodies below it (%s)",
					    c, t->count[c], cnt, kids);
		}
	}
	walk_close(&w);
	if (why && len > 0)
		why[0] = '\0';
	return 0;
}

/* Per cell, bottom-up: bodies below it and the lowest and highest sorted slot they use. */
static int check_runs(const struct octree_host *t, const struct walk *w, const int *slot_of,
		      int *nb, int *lo, int *hi, char *why, size_t len)
{
	for (int q = w->cells - 1; q >= 0; q--) {
		int c = w->order[q], st = t->start[c], ct = t->count[c];

		nb[c] = 0, lo[c] = INT_MAX, hi[c] = -1;
		for (int k = 0; k < 8; k++) {
			int ch = t->child[8 * c + k], a, b;

			if (ch < 0)
				continue;
			a = ch < t->n ? slot_of[ch] : lo[ch];
			b = ch < t->n ? a : hi[ch];
			nb[c] += ch < t->n ? 1 : nb[ch];
			lo[c] = a < lo[c] ? a : lo[c];
			hi[c] = b > hi[c] ? b : hi[c];
		}
		if (ct != nb[c])
			return fail(
			    why, len,
			    "cell %d: count %d, but %d bodies lie below it, so [start, start + count) cannot hold exactly them; want count = the bodies of its subtree",
			    c, ct, nb[c]);
		if (st < 0 || st > t->n - ct)
			return fail(
			    why, len,
			    "cell %d: start %d with count %d; want 0 <= start <= n - count = %d", c,
			    st, ct, t->n - ct);
		if (lo[c] < st || hi[c] >= st + ct) {
			int s = lo[c] < st ? lo[c] : hi[c];

			return fail(
			    why, len,
			    "cell %d: start %d, count %d, but body %d of its subtree is at sorted[%d], outside [%d, %d); want a cell's bodies contiguous from its start (the parent hands out starts in slot order)",
			    c, st, ct, t->sorted[s], s, st, st + ct);
		}
	}
	return 0;
}

int octree_check_sort(const struct octree_host *t, char *why, size_t len)
{
	struct walk w;
	size_t nodes = (size_t)t->nnodes + 1;
	int *slot_of, *nb, *lo, *hi, rc = 0;

	if (walk_open(t, &w, why, len))
		return -1;
	slot_of = malloc((size_t)t->n * sizeof(int));
	nb = malloc(nodes * sizeof(int));
	lo = malloc(nodes * sizeof(int));
	hi = malloc(nodes * sizeof(int));
	if (!slot_of || !nb || !lo || !hi)
		rc = fail(why, len, "sort check: out of memory for %zu nodes", nodes);
	for (int j = 0; rc == 0 && j < t->n; j++)
		slot_of[j] = -1;
	/* n distinct bodies in n slots: a permutation. */
	for (int s = 0; rc == 0 && s < t->n; s++) {
		int j = t->sorted[s];

		if (j < 0 || j >= t->n)
			rc = fail(why, len,
				  "sorted[%d] = %d is not a body; want a permutation of 0..%d", s,
				  j, t->n - 1);
		else if (slot_of[j] != -1)
			rc = fail(
			    why, len,
			    "body %d is in sorted[] twice, at %d and %d; want a permutation of 0..%d",
			    j, slot_of[j], s, t->n - 1);
		else
			slot_of[j] = s;
	}
	if (rc == 0)
		rc = check_runs(t, &w, slot_of, nb, lo, hi, why, len);
	free(slot_of), free(nb), free(lo), free(hi);
	walk_close(&w);
	if (rc == 0 && why && len > 0)
		why[0] = '\0';
	return rc;
}
