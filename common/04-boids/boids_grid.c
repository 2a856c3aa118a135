/* The boids lab's uniform grid: its geometry, the cell of a point and the cells within
 * a reach (see boids_grid.h). */
#include <math.h>

#include "boids_grid.h"

int boids_grid_geometry(struct boids_grid *g, const struct boids_params *p, double cell_width)
{
	int half;

	if (!(cell_width > 0.0) || p->scene_scale / cell_width > 500.0)
		return -1;
	/* one spare cell beyond the scene on each side, as the course project does, so
	 * that a boid on the scene's face is never on the grid's */
	half = (int)(p->scene_scale / cell_width) + 1;
	g->side = 2 * half;
	g->cells = g->side * g->side * g->side;
	g->cell_width = (float)cell_width;
	g->inv_width = (float)(1.0 / cell_width);
	g->min = (float)(-cell_width * half);
	return 0;
}

int boids_grid_cell(const struct boids_grid *g, float3 x, int ijk[3])
{
	float c[3] = {x.x, x.y, x.z};
	int i[3];

	for (int k = 0; k < 3; k++) {
		/* float, one subtraction and one product: bit for bit what a kernel gets */
		float t = (c[k] - g->min) * g->inv_width;
		i[k] = (int)floorf(t);
		if (i[k] < 0 || i[k] >= g->side)
			return -1;
		if (ijk)
			ijk[k] = i[k];
	}
	return i[0] + g->side * (i[1] + g->side * i[2]);
}

void boids_grid_span(const struct boids_grid *g, float x, float reach, int *lo, int *hi)
{
	float a = (x - reach - g->min) * g->inv_width, b = (x + reach - g->min) * g->inv_width;
	int l = (int)floorf(a), u = (int)floorf(b);

	*lo = l < 0 ? 0 : l >= g->side ? g->side - 1 : l;
	*hi = u < 0 ? 0 : u >= g->side ? g->side - 1 : u;
}
