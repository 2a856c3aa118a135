/*
 * Lab 04-boids, going further (ungraded; handout, "Going further: the H200's limit"):
 * the search of 4.f, with what its instructions go to cut down. Each thread still walks
 * its own rows of slots, as in 4.f, but
 *   - each sorted slot's position and velocity are gathered side by side, 16 bytes
 *     each: one load each per candidate instead of three (a float3 cannot be loaded
 *     whole), the velocity at a fixed offset from the position;
 *   - the rules are applied without branches (predicated adds), one comparison serving
 *     cohesion and alignment when their radii are equal (the lab's parameters);
 *   - the boid is not skipped in its own cell: meeting itself (d = 0) adds nothing to
 *     the centre or the separation and one to the counts and its velocity to the
 *     heading, which are taken back at the end, so the loop has no index test;
 *   - the loop over a row is unrolled by four;
 *   - each row of cells is searched only where it meets the sphere of radius r_max
 *     around the boid: a row whose nearest point in y and z is already r_max away is
 *     skipped, and of the others only the cells within sqrt(r_max^2 - dy^2 - dz^2)
 *     along x are merged. It pays on cells narrower than r_max: cells r_max / 2 wide
 *     (5 rows of 5 in reach each way, 125 cells) hug the sphere far closer than the 27
 *     cells' cube, 158 checks a boid at 1M boids against 401.
 * The result is that of 4.f, to float rounding. boids_step_sorted, below, steps a flock
 * that is kept in the grid's sorted order between steps (handout, question 6).
 */
#include "cuda_check.h"
#include "launch.h"
#include "flock.h"
#include "grid.cuh"
#include "rules.cuh"

/* BEGIN SOLUTION */
/* Sorted slot k takes boid boid_of[k]'s position and velocity, side by side, and, for a
 * flock kept sorted (@id not NULL), its identity. */
static __global__ void gather_packed_kernel(const int *boid_of, const float3 *pos,
					    const float3 *vel, const int *id, int n, float4 *packed,
					    int *id_out)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;

	if (k < n) {
		int j = boid_of[k];
		float3 x = pos[j], v = vel[j];

		packed[2 * k] = make_float4(x.x, x.y, x.z, 0.f);
		packed[2 * k + 1] = make_float4(v.x, v.y, v.z, 0.f);
		if (id)
			id_out[k] = id[j];
	}
}

/*
 * The row cull's margin, in cells. A neighbour the strict float test d2 < radius^2
 * accepts may lie a few float ulps (1e-7, relative) beyond the radius, and the cell
 * coordinates (x - min) * inv_width of both boids are rounded too, by up to side ulps
 * of a cell (2.5e-4 cells on the largest grid, 1024 cells a side): 1e-4 of the radius
 * and 1e-3 of a cell cover both many times over, so no boid the test would accept is
 * ever culled, for 0.1 to 0.3 % more checks.
 */
#define CULL_REL 1e-4f
#define CULL_ABS 1e-3f

/* The cell, clamped to the grid, of cell coordinate t: cell_coord's floor and clamp. */
static __device__ inline int cell_of_coord(float t, int side)
{
	return min(max((int)floorf(t), 0), side - 1);
}

/* The distance, in cells, from cell coordinate t to cell i's span [i, i + 1]. The outer
 * cells also hold what lies past the grid (cell_coord clamps it into them), so they
 * reach to infinity outwards. */
static __device__ inline float gap_to_cell(int i, float t, int side)
{
	float below = i > 0 ? (float)i - t : 0.f, above = i < side - 1 ? t - (float)(i + 1) : 0.f;

	return fmaxf(0.f, fmaxf(below, above));
}

/* Where a position leaving the scene comes back in: step.cu's wrap, bit for bit, for
 * the kept-sorted step, whose search moves its boid itself. */
static __device__ inline float wrap_scene(float x, float scale)
{
	x = x < -scale ? scale : x;
	return x > scale ? -scale : x;
}

/*
 * Adds the @count slots from @slot on to h. @fold: cohesion and alignment share one
 * radius, so one comparison and one count serve both (the caller copies the count).
 * Every lane runs every line: the updates are predicated, not branched around.
 */
static __device__ inline void add_run(struct neighbourhood *h, const float4 *slot, int count,
				      float4 xi, const struct rules *r, int fold)
{
#pragma unroll 4
	for (int t = 0; t < count; t++, slot += 2) {
		float4 xj = __ldg(slot);
		float dx = xj.x - xi.x, dy = xj.y - xi.y, dz = xj.z - xi.z;
		float d2 = dx * dx + dy * dy + dz * dz;

		if (d2 < r->cohesion_r2) {
			h->centre.x += dx, h->centre.y += dy, h->centre.z += dz;
			h->n_cohesion++;
			if (fold) {
				float4 vj = __ldg(slot + 1);
				h->heading.x += vj.x, h->heading.y += vj.y, h->heading.z += vj.z;
			}
		}
		if (d2 < r->separation_r2)
			h->away.x -= dx, h->away.y -= dy, h->away.z -= dz;
		if (!fold && d2 < r->alignment_r2) {
			float4 vj = __ldg(slot + 1);
			h->heading.x += vj.x, h->heading.y += vj.y, h->heading.z += vj.z;
			h->n_alignment++;
		}
	}
}

/* Where the search's result goes: the new velocity to vel[boid_of[k]] (pos NULL), or,
 * for a flock kept sorted, the new velocity and the moved position to slot k. */
struct fast_out {
	float3 *vel, *pos;
	float dt, scale;
};

/* Thread k works for the boid in sorted slot k, as in 4.f. */
static __global__ void velocity_fast_kernel(const float4 *packed, const int *boid_of,
					    const int *cell_start, const int *cell_end, int n,
					    struct grid_shape s, float reach, struct rules r,
					    struct fast_out out)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;

	if (k < n) {
		float4 xi = packed[2 * k], vi = packed[2 * k + 1];
		struct neighbourhood h = neighbourhood_empty();
		int fold = r.cohesion_r2 == r.alignment_r2;
		/* the boid's cell coordinates and the reach, in cells */
		float tx = (xi.x - s.min) * s.inv_width, ty = (xi.y - s.min) * s.inv_width;
		float tz = (xi.z - s.min) * s.inv_width;
		float rc = reach * s.inv_width * (1.f + CULL_REL) + CULL_ABS, rc2 = rc * rc;
		int ylo = cell_of_coord(ty - rc, s.side), yhi = cell_of_coord(ty + rc, s.side);
		int zlo = cell_of_coord(tz - rc, s.side), zhi = cell_of_coord(tz + rc, s.side);

		for (int iz = zlo; iz <= zhi; iz++)
			for (int iy = ylo; iy <= yhi; iy++) {
				float gy = gap_to_cell(iy, ty, s.side);
				float gz = gap_to_cell(iz, tz, s.side);
				float left = rc2 - gy * gy - gz * gz;
				int first = n, last = 0;

				if (left <= 0.f) /* the row lies wholly beyond reach */
					continue;
				float w = sqrtf(left);
				int xlo = cell_of_coord(tx - w, s.side);
				int xhi = cell_of_coord(tx + w, s.side);
				for (int ix = xlo; ix <= xhi; ix++) {
					int c = cell_index(ix, iy, iz, s);
					if (cell_start[c] >= 0) {
						first = min(first, cell_start[c]);
						last = max(last, cell_end[c]);
					}
				}
				/* a warp-uniform choice: every lane has the same parameters */
				if (fold)
					add_run(&h, packed + 2 * first, last - first, xi, &r, 1);
				else
					add_run(&h, packed + 2 * first, last - first, xi, &r, 0);
			}
		/* the boid met itself (d = 0): take back what that added */
		if (0.f < r.cohesion_r2)
			h.n_cohesion--;
		if (0.f < r.alignment_r2) {
			h.heading = f3_sub(h.heading, f3(vi.x, vi.y, vi.z));
			h.n_alignment--;
		}
		if (fold)
			h.n_alignment = h.n_cohesion;
		float3 v = neighbourhood_velocity(&h, &r, f3(vi.x, vi.y, vi.z));
		if (!out.pos) {
			out.vel[boid_of[k]] = v;
		} else {
			out.vel[k] = v;
			out.pos[k] = make_float3(wrap_scene(xi.x + out.dt * v.x, out.scale),
						 wrap_scene(xi.y + out.dt * v.y, out.scale),
						 wrap_scene(xi.z + out.dt * v.z, out.scale));
		}
	}
}
/* END SOLUTION */

cudaError_t boids_velocity_fast(struct boids_grid *g, const float3 *d_pos, const float3 *d_vel,
				float3 *d_vel_out, int n, const struct boids_params *params)
{
	/* BEGIN SOLUTION */
	int threads = boids_block_size();
	struct fast_out out = {d_vel_out, NULL, 0.f, 0.f};

	if (n <= 0)
		return cudaSuccess;
	gather_packed_kernel<<<blocks_for(n, threads), threads>>>(g->d_boid_of, d_pos, d_vel, NULL,
								  n, g->d_packed, NULL);
	CUDA_CHECK_LAUNCH();
	velocity_fast_kernel<<<blocks_for(n, threads), threads>>>(
	    g->d_packed, g->d_boid_of, g->d_cell_start, g->d_cell_end, n, grid_shape_of(g),
	    (float)boids_max_radius(params), rules_from(params), out);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
	/* END SOLUTION */
	/* SKELETON
	// Going further, ungraded (handout, "Going further"): until you write your own
	// search here, the reorder of 4.e and the coherent search of 4.f stand in for it.
	CUDA_CHECK(grid_reorder(g, d_pos, d_vel, n));
	return boids_velocity_coherent(g, d_vel_out, n, params);
*/
}

cudaError_t boids_step_sorted(struct boids_grid *g, const float3 *d_pos, const float3 *d_vel,
			      const int *d_id, float3 *d_pos_out, float3 *d_vel_out, int *d_id_out,
			      int n, const struct boids_params *params)
{
	/* BEGIN SOLUTION */
	int threads = boids_block_size();
	struct fast_out out = {d_vel_out, d_pos_out, (float)params->dt, (float)params->scene_scale};

	if (n <= 0)
		return cudaSuccess;
	/* the sort is stable and the flock nearly sorted already: the gather reads the
	 * state almost in order, where a flock in its first order is read at random */
	CUDA_CHECK(grid_build(g, d_pos, n));
	gather_packed_kernel<<<blocks_for(n, threads), threads>>>(g->d_boid_of, d_pos, d_vel, d_id,
								  n, g->d_packed, d_id_out);
	CUDA_CHECK_LAUNCH();
	velocity_fast_kernel<<<blocks_for(n, threads), threads>>>(
	    g->d_packed, g->d_boid_of, g->d_cell_start, g->d_cell_end, n, grid_shape_of(g),
	    (float)boids_max_radius(params), rules_from(params), out);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
	/* END SOLUTION */
	/* SKELETON
	// Going further, ungraded (handout, question 6): until you keep the flock sorted
	// here, it keeps its order, ids and all, and boids_step's fast step moves it.
	size_t bytes = (size_t)(n > 0 ? n : 0) * sizeof(float3);

	CUDA_CHECK(cudaMemcpyAsync(d_pos_out, d_pos, bytes, cudaMemcpyDeviceToDevice));
	CUDA_CHECK(cudaMemcpyAsync(d_id_out, d_id, (size_t)(n > 0 ? n : 0) * sizeof(int),
				   cudaMemcpyDeviceToDevice));
	return boids_step(BOIDS_FAST, g, d_pos_out, d_vel, d_vel_out, n, params);
*/
}
