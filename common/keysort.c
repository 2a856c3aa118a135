/* The part of keysort.h that needs no GPU: shared by the CUB sort and its CPU stand-in
 * in the course's kernel emulation. */
#include "keysort.h"

int key_bits_for(int count)
{
	int bits = 1;

	while (bits < 31 && (1 << bits) < count)
		bits++;
	return bits;
}
