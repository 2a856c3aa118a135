/**
 * @file resources.h
 * @brief Reads ptxas's resource report (nvcc --resource-usage), which the build keeps
 *        beside each lab object as NAME.o.res: what the compiler really made of a
 *        kernel (shared memory, registers, spills), whatever its source says.
 */
#ifndef RESOURCES_H
#define RESOURCES_H

/** @brief One kernel compiled for one architecture. */
struct kernel_resources {
	char name[256]; /**< mangled name, e.g. _Z18accel_tiled_kernelILi64EEvPK6float4P6float3if */
	char arch[16];	/**< e.g. sm_90 */
	int registers;	/**< registers per thread */
	int smem_bytes; /**< static shared memory per block */
	int stack_bytes;  /**< stack frame per thread */
	int spill_stores; /**< bytes spilled to local memory */
	int spill_loads;  /**< bytes reloaded from local memory */
};

/**
 * @brief Parses the report at @p path into at most @p max kernels.
 * @return the number of kernels found, or -1 when the file cannot be read.
 */
int resources_read(const char *path, struct kernel_resources *out, int max);

/** @brief Parses a report held in memory; same result as resources_read(). */
int resources_parse(const char *text, struct kernel_resources *out, int max);

#endif /* RESOURCES_H */
