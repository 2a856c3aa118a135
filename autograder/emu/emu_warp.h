/* The warp functions of the CPU emulation (emu_sched.c), shared by its C scheduler and
 * its C++ header emu.h. */
#ifndef EMU_WARP_H
#define EMU_WARP_H

#include <stdint.h>

/* what a lane waits in at a warp rendezvous */
enum { EMU_WARP_ALL, EMU_WARP_ANY, EMU_WARP_BALLOT, EMU_WARP_SHFL };

#ifdef __cplusplus
extern "C" {
#endif
/* Waits until every lane of the warp is here, in the same function @p op: returns the
 * warp's vote (ALL, ANY), its ballot, or (SHFL) the @p val of lane @p src of the warp. */
uint32_t emu_warp_exchange(int op, uint32_t val, int src);
#ifdef __cplusplus
}
#endif

#endif /* EMU_WARP_H */
