#!/usr/bin/env python3
"""launch.py IN OUT: rewrites each kernel launch of a lab .cu file,
kernel<<<grid, block>>>(args); into EMU_LAUNCH(grid, block, kernel(args)); for the CPU
emulation (emu.h); a launch with a size of dynamic shared memory, and perhaps a stream,
kernel<<<grid, block, bytes, stream>>>(args);, into EMU_LAUNCH_SHARED(grid, block,
bytes, kernel(args)); (every call runs to its end, so one stream is as good as any);
and each declaration of dynamic shared memory, extern __shared__ T name[];, into a
pointer to the emulation's one buffer of it, T *const name = (T *)emu_dynamic_shared;
(blocks run one after another)."""
import re
import sys

src = open(sys.argv[1]).read()
pattern = re.compile(r'([A-Za-z_][\w:]*(?:<[^<>;]*>)?)\s*<<<(.*?)>>>\s*\((.*?)\);', re.S)
dynamic = re.compile(r'extern\s+__shared__\s+(?:__align__\s*\(\s*\d+\s*\)\s+)?'
                     r'([A-Za-z_][\w:]*(?:\s+[A-Za-z_][\w:]*)*)\s+(\w+)\s*\[\s*\]\s*;')


def split_config(config):
    """The launch configuration's arguments: its commas outside brackets split it."""
    depth, parts, start = 0, [], 0
    for k, ch in enumerate(config):
        depth += ch in '(<[' and 1 or ch in ')>]' and -1 or 0
        if ch == ',' and depth == 0:
            parts.append(config[start:k])
            start = k + 1
    return parts + [config[start:]]


def launch(m):
    config = split_config(m.group(2))
    if len(config) == 2:
        return 'EMU_LAUNCH(%s, %s(%s));' % (m.group(2), m.group(1), m.group(3))
    if len(config) in (3, 4):
        return 'EMU_LAUNCH_SHARED(%s, %s(%s));' % (','.join(config[:3]), m.group(1), m.group(3))
    sys.exit('%s: a launch with other than <<<grid, block[, bytes[, stream]]>>>: %s'
             % (sys.argv[1], m.group(0)))


out = pattern.sub(launch, src)
out = dynamic.sub(r'\1 *const \2 = (\1 *)emu_dynamic_shared;', out)
open(sys.argv[2], 'w').write('#line 1 "%s"\n' % sys.argv[1] + out)
