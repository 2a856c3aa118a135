// Attack: patched_timer's (at start, overwrite the code of cudaEventElapsedTime, x86-64,
// so that every call seems to take a microsecond; no symbol is defined, so no symbol
// check sees it), aimed at lab 03's smallest cases: calls of 10 to 100 us, once below
// what a single call's check from outside could see.
#include <cstdint>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda_runtime.h>

static cudaError_t attack_one_microsecond(float *ms, cudaEvent_t, cudaEvent_t)
{
	*ms = 0.001f;
	return cudaSuccess;
}

__attribute__((constructor)) static void attack_patch(void)
{
#if defined(__x86_64__)
	unsigned char *code = (unsigned char *)(void *)&cudaEventElapsedTime;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), at = (uintptr_t)code & ~(page - 1);
	void *to = (void *)&attack_one_microsecond;
	if (mprotect((void *)at, 2 * page, PROT_READ | PROT_WRITE | PROT_EXEC))
		return;
	code[0] = 0x48, code[1] = 0xb8; /* movabs rax, to */
	memcpy(code + 2, &to, sizeof(to));
	code[10] = 0xff, code[11] = 0xe0; /* jmp rax */
	mprotect((void *)at, 2 * page, PROT_READ | PROT_EXEC);
#endif
}
