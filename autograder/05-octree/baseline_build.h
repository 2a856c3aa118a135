/*
 * Lab 05-octree: the course's baseline build of the lab, linked into the grader when
 * solutions/05-octree exists (HAVE_BASELINE): every .cu file of solutions/05-octree,
 * compiled with each name of api.txt renamed baseline_<name>. speed/phases_vs_course
 * times these in the grader's own process, never the runner's: a yardstick the
 * submission cannot slow down.
 */
#ifndef LAB05_BASELINE_BUILD_H
#define LAB05_BASELINE_BUILD_H

#include <cuda_runtime.h>

#include "octree_gpu.h"

cudaError_t baseline_bh_bounding_box(struct bh_tree *t, const float4 *d_bodies);
cudaError_t baseline_bh_build(struct bh_tree *t, const float4 *d_bodies);
cudaError_t baseline_bh_summarize(struct bh_tree *t);
cudaError_t baseline_bh_sort(struct bh_tree *t);

#endif /* LAB05_BASELINE_BUILD_H */
