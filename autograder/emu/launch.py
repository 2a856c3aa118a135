#!/usr/bin/env python3
"""launch.py IN OUT: rewrites each kernel launch of a lab .cu file,
kernel<<<grid, block>>>(args); into EMU_LAUNCH(grid, block, kernel(args)); for the CPU
emulation (emu.h). A launch with a shared-memory size or a stream is refused."""
import re
import sys

src = open(sys.argv[1]).read()
pattern = re.compile(r'([A-Za-z_][\w:]*(?:<[^<>;]*>)?)\s*<<<(.*?)>>>\s*\((.*?)\);', re.S)


def launch(m):
    config = m.group(2)
    depth, commas = 0, 0
    for ch in config:
        depth += ch in '(<[' and 1 or ch in ')>]' and -1 or 0
        commas += ch == ',' and depth == 0
    if commas != 1:
        sys.exit('%s: launch with other than <<<grid, block>>>: %s' % (sys.argv[1], m.group(0)))
    return 'EMU_LAUNCH(%s, %s(%s));' % (config, m.group(1), m.group(3))


out = pattern.sub(launch, src)
open(sys.argv[2], 'w').write('#line 1 "%s"\n' % sys.argv[1] + out)
