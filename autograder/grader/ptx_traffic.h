/**
 * @file ptx_traffic.h
 * @brief What a kernel's loop of steps moves through memory, read from the PTX nvcc made
 *        of it (nvcc -ptx, which the build keeps for the labs that ask: lab.mk's
 *        PTX_<lab>). A kernel that keeps its state in registers has no load or store of
 *        global or local memory inside that loop, whatever its source looks like; one
 *        that keeps the state in memory between steps has some, and the PTX says how
 *        many bytes a step. Static: it runs without a GPU.
 */
#ifndef PTX_TRAFFIC_H
#define PTX_TRAFFIC_H

/**
 * @brief One loop of steps: an innermost loop of a kernel that does heavy arithmetic
 *        (a square root, a division, a reciprocal, a logarithm or an exponential: the
 *        work of a step), with the memory accesses inside it, the functions it calls
 *        included. Loops around it (over the items of a grid-stride loop, say) may
 *        load and store: they run once per item, not once per step.
 */
struct ptx_step_loop {
	char kernel[256];	   /**< the mangled name of the .entry */
	int first_line, last_line; /**< the loop in the PTX text, 1-based */
	int heavy;		   /**< heavy arithmetic instructions in it */
	int loads, stores;	   /**< global, local or generic (atomics count as both) */
	int load_bytes, store_bytes;
	int example_line;  /**< the first access, 0 when there is none */
	char example[160]; /**< its instruction, as the PTX has it */
};

/**
 * @brief The loops of steps of every kernel of @p ptx (its .entry functions).
 * @return how many were found (at most @p max are filled in), or -1 when the text is
 *         not PTX.
 */
int ptx_step_loops(const char *ptx, struct ptx_step_loop *out, int max);

/** @brief The same, of the PTX file at @p path; -1 when it cannot be read. */
int ptx_step_loops_file(const char *path, struct ptx_step_loop *out, int max);

#endif /* PTX_TRAFFIC_H */
