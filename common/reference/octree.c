/*
 * The Barnes–Hut octree on the CPU in Burtscher & Pingali's layout: sizing, the box
 * geometry the kernels share, and the sequential builder, the answer the lab's kernels
 * must match (see octree.h).
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "octree.h"
#include "reference.h"
#include "vec.h"

int octree_nodes_for(int n)
{
	long long slots = 2LL * n;

	if (n < 1)
		return -1;
	if (slots < 1024)
		slots = 1024;
	slots = (slots + 31) / 32 * 32;
	return slots <= INT_MAX / 8 ? (int)(slots - 1) : -1;
}

int octree_alloc(struct octree_host *t, int n, int nnodes)
{
	size_t nodes = (size_t)nnodes + 1;

	memset(t, 0, sizeof(*t));
	if (n < 1 || nnodes < n || nnodes >= INT_MAX / 8)
		return -1;
	t->n = n;
	t->nnodes = nnodes;
	t->bottom = nnodes;
	t->child = malloc(8 * nodes * sizeof(int));
	t->node = malloc(nodes * sizeof(float4));
	t->count = malloc(nodes * sizeof(int));
	t->start = malloc(nodes * sizeof(int));
	t->sorted = malloc((size_t)n * sizeof(int));
	if (!t->child || !t->node || !t->count || !t->start || !t->sorted) {
		octree_free(t);
		return -1;
	}
	return 0;
}

void octree_free(struct octree_host *t)
{
	free(t->child);
	free(t->node);
	free(t->count);
	free(t->start);
	free(t->sorted);
	memset(t, 0, sizeof(*t));
}

int octree_octant(float4 p, float3 c)
{
	return (p.x > c.x) | (p.y > c.y) << 1 | (p.z > c.z) << 2;
}

/* B&P's x += dx with dx = +-r in float, so the boxes here are bit for bit the kernels'. */
float3 octree_child_centre(float3 c, int k, float r)
{
	float3 o;

	o.x = c.x + (k & 1 ? r : -r);
	o.y = c.y + (k & 2 ? r : -r);
	o.z = c.z + (k & 4 ? r : -r);
	return o;
}

/* The root box, in float as the bounding-box kernel computes it; -1 on a non-finite body. */
int octree_root_box(const float4 *b, int n, float3 *centre, float *radius)
{
	float lo[3] = {b[0].x, b[0].y, b[0].z}, hi[3] = {b[0].x, b[0].y, b[0].z};

	for (int i = 0; i < n; i++) {
		float p[3] = {b[i].x, b[i].y, b[i].z};

		for (int k = 0; k < 3; k++) {
			if (!isfinite(p[k]))
				return -1;
			lo[k] = fminf(lo[k], p[k]);
			hi[k] = fmaxf(hi[k], p[k]);
		}
	}
	centre->x = (lo[0] + hi[0]) * 0.5f;
	centre->y = (lo[1] + hi[1]) * 0.5f;
	centre->z = (lo[2] + hi[2]) * 0.5f;
	*radius = fmaxf(fmaxf(hi[0] - lo[0], hi[1] - lo[1]), hi[2] - lo[2]) * 0.5f;
	return 0;
}

/* Body i from the root down; a slot that holds a body becomes a cell holding both. */
static int insert(struct octree_host *t, const float4 *b, int i)
{
	int cell = t->nnodes, depth = 1; /* depth of cell's children */
	float3 c = t->centre;
	float r = t->radius * 0.5f; /* half-width of cell's children */

	for (;;) {
		int k = octree_octant(b[i], c);
		int *slot = &t->child[8 * cell + k];
		int ch = *slot;

		if (ch == -1) {
			*slot = i;
			return 0;
		}
		if (ch < t->n) {
			int fresh = t->bottom - 1;

			/* the bodies would move one level below this slot */
			if (fresh < t->n || depth + 1 > OCTREE_MAX_DEPTH)
				return -1;
			t->bottom = fresh;
			for (int s = 0; s < 8; s++)
				t->child[8 * fresh + s] = -1;
			t->child[8 * fresh + octree_octant(b[ch], octree_child_centre(c, k, r))] =
			    ch;
			*slot = fresh;
			ch = fresh;
		}
		cell = ch;
		c = octree_child_centre(c, k, r);
		r *= 0.5f;
		depth++;
	}
}

int octree_build_cpu(struct octree_host *t, const float4 *bodies, int n)
{
	const int root = t->nnodes;

	if (n < 1 || n != t->n || octree_root_box(bodies, n, &t->centre, &t->radius))
		return -1;
	t->bottom = root;
	for (int k = 0; k < 8; k++)
		t->child[8 * root + k] = -1;
	for (int i = 0; i < n; i++)
		if (insert(t, bodies, i))
			return -1;
	for (int i = 0; i < n; i++) {
		t->node[i] = bodies[i];
		t->count[i] = 1;
		t->start[i] = -1;
	}
	/* Children have lower indices than their cell: ascending is bottom-up. */
	for (int c = t->bottom; c <= root; c++) {
		double m = 0.0, x = 0.0, y = 0.0, z = 0.0;
		int cnt = 0;

		for (int k = 0; k < 8; k++) {
			int ch = t->child[8 * c + k];
			float4 p;

			if (ch < 0)
				continue;
			p = t->node[ch];
			m += p.w;
			x += (double)p.w * p.x;
			y += (double)p.w * p.y;
			z += (double)p.w * p.z;
			cnt += t->count[ch];
		}
		t->node[c].x = (float)(m > 0.0 ? x / m : 0.0);
		t->node[c].y = (float)(m > 0.0 ? y / m : 0.0);
		t->node[c].z = (float)(m > 0.0 ? z / m : 0.0);
		t->node[c].w = (float)m;
		t->count[c] = cnt;
	}
	/* Descending is top-down: a cell's start is set before its slots are laid out. */
	t->start[root] = 0;
	for (int c = root; c >= t->bottom; c--) {
		int s = t->start[c];

		for (int k = 0; k < 8; k++) {
			int ch = t->child[8 * c + k];

			if (ch >= n) {
				t->start[ch] = s;
				s += t->count[ch];
			} else if (ch >= 0) {
				t->sorted[s++] = ch;
			}
		}
	}
	return 0;
}

int octree_levels(const struct octree_host *h, int *depth)
{
	int deepest = 0;

	for (int c = 0; c <= h->nnodes; c++)
		depth[c] = -1;
	depth[h->nnodes] = 0;
	/* children have lower indices than their cell: a descending loop meets every cell
	 * after its parent */
	for (int c = h->nnodes; c >= h->bottom; c--) {
		if (depth[c] < 0)
			continue;
		for (int k = 0; k < 8; k++) {
			int ch = h->child[8 * c + k];
			if (ch >= h->n) {
				if (ch > h->nnodes || ch >= c)
					return -1;
				depth[ch] = depth[c] + 1;
				deepest = depth[ch] > deepest ? depth[ch] : deepest;
			}
		}
	}
	return deepest;
}
