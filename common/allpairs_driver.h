/**
 * @file allpairs_driver.h
 * @brief The all-pairs force labs' driver less its kernel: labs 02 and 03 time their
 *        force kernel on a cube of bodies at rest, or integrate with it (`--steps`,
 *        the course's leapfrog, leapfrog.h) and write frames (frames.h), the same way;
 *        a lab gives its options, its kernel and the start of its printed lines
 *        (struct nbody_lab). The scenes (initial conditions and camera) serve lab 01's
 *        driver too.
 */
#ifndef COMMON_ALLPAIRS_DRIVER_H
#define COMMON_ALLPAIRS_DRIVER_H

#include <cuda_runtime.h>

#include "frames.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The energies before and after the steps (O(N^2) in double on the CPU) are
 *         computed up to this many bodies. */
#define NBODY_ENERGY_N_MAX 65536

/** @brief The bodies of a run without -n where the kernels are emulated on the CPU
 *         (`make run` without a GPU): seconds there, where a GPU's default takes hours. */
#define NBODY_EMU_N 4096

/**
 * @brief The bodies of a run without -n: @p gpu_n, or NBODY_EMU_N (and a line saying so)
 *        in a driver linked with the course's CPU emulation of the kernels.
 */
int nbody_default_n(int gpu_n);

/** @brief The drivers' scenes: initial conditions, and the camera that shows them. */
enum nbody_scene {
	NBODY_CUBE,	 /**< uniform in [-1, 1)^3, at rest (ic_uniform_cube) */
	NBODY_PLUMMER,	 /**< one Plummer sphere (ic_plummer) */
	NBODY_COLLISION, /**< two Plummer spheres on a collision course, tagged 0 and 1 */
};

/**
 * @brief Draws @p n bodies of @p scene. @p vel may be NULL for NBODY_CUBE; @p tag
 *        (the sphere of each body, for RENDER_TAG) is written by NBODY_COLLISION only,
 *        and may be NULL.
 *
 * The collision: centres 6 apart (each sphere's half-mass radius is 0.77), 1 apart
 * across, closing at 0.5 (0.58 would be parabolic): they pass, fall back and merge by
 * t ~ 20.
 */
void nbody_scene_ic(struct rng *r, enum nbody_scene scene, int n, float4 *pos, float4 *vel,
		    float *tag);

/**
 * @brief The camera and colours of @p scene in @p f. The exposure follows bodies per
 *        pixel, so that 64k bodies in 960 x 540 and 1M in 1920 x 1080 look alike;
 *        --exposure overrides it.
 */
void nbody_frames_scene(struct frames *f, int n, enum nbody_scene scene);

/** @brief A force lab's run: the command line's settings, and the bodies. */
struct allpairs_driver {
	int n;			 /**< bodies (-n, default 262144) */
	int p;			 /**< bodies per tile of the tiled kernels (--p, default 256) */
	float eps2;		 /**< softening length squared (--eps EPS, default 0.01) */
	unsigned long long seed; /**< of the initial conditions (--seed, default fresh) */
	int steps;		 /**< leapfrog steps (--steps); 0: time the force alone */
	float dt;		 /**< time step (--dt, default 0.0125) */
	int collide;		 /**< --collide: NBODY_COLLISION instead of NBODY_CUBE */
	struct frames frames;	 /**< the frame options */
	float4 *h_pos;		 /**< positions and masses, host */
	float4 *h_vel;		 /**< velocities, host (NULL when neither needs them) */
	float *h_tag;		 /**< the sphere of each body (NBODY_COLLISION), or NULL */
	float4 *d_pos;		 /**< positions and masses, device: the force's input */
	float3 *d_acc;		 /**< accelerations, device: the force's output */
};

/** @brief What a lab gives the driver: its options, its kernel, its printed lines. */
struct nbody_lab {
	/** @brief The usage's line of --p (its meaning and default for this lab's kernel). */
	const char *p_help;
	/**
	 * @brief The lab's own options, an args.h table listed after --p, whose variables
	 *        are in the lab's context (ctx); NULL if none.
	 */
	const struct arg_spec *options;
	/** @brief Writes the accelerations at d->d_pos into d->d_acc with the lab's kernel. */
	cudaError_t (*force)(void *ctx, const struct allpairs_driver *d);
	/** @brief Prints the kernel and its configuration, the start of each result line
	 *         (no newline). Called after the runs. */
	cudaError_t (*print_kernel)(void *ctx, const struct allpairs_driver *d);
};

/**
 * @brief The driver: parses @p argv (the shared options and lab->options, args.h),
 *        draws the scene, then either times lab->force (with @p ctx) and checks sampled
 *        bodies against the double reference, or integrates --steps leapfrog steps with
 *        it and prints dE/E and the time per step (the frames left out of it).
 * @return The exit status: 0 (--help too), 2 for a bad command line (a message and
 *         the usage are printed), 1 where a frame could not be written, or the CUDA error (reported).
 */
int allpairs_driver_main(int argc, char **argv, const struct nbody_lab *lab, void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_ALLPAIRS_DRIVER_H */
