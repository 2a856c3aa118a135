#!/usr/bin/env python3
"""launch.py IN OUT: rewrites each kernel launch of a lab .cu file,
kernel<<<grid, block>>>(args); into EMU_LAUNCH(grid, block, kernel(args)); for the CPU
emulation (emu.h); a launch with a size of dynamic shared memory, and perhaps a stream,
kernel<<<grid, block, bytes, stream>>>(args);, into EMU_LAUNCH_SHARED(grid, block,
bytes, kernel(args)); (every call runs to its end, so one stream is as good as any);
and each declaration of dynamic shared memory, extern __shared__ T name[];, into a
pointer to the emulation's one buffer of it, T *const name = (T *)emu_dynamic_shared;
(blocks run one after another).

What the emulation cannot run fails to compile with one line that says so: an include of
cooperative_groups.h becomes an #error, the rest of the file left out, a launch inside a
kernel (dynamic parallelism) and inline PTX (asm in a __device__ or __global__ function)
a static_assert. An include of thrust or CUB becomes
one of emu_thrust.h, their sorts on the host."""

import re
import sys

src = open(sys.argv[1]).read()
UNSUPPORTED = 'the CPU emulation does not support %s: grade this lab on a GPU'
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


def blank(text):
    """text with its comments, literals and preprocessor lines blanked, newlines kept,
    so that an offset in it is one in text"""
    span = (r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
            r'|^[ \t]*#(?:[^\n]*\\\n)*[^\n]*')
    return re.sub(span, lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S | re.M)


def closing(code, k):
    """The offset of the bracket that closes the one at code[k]."""
    pairs, depth = {'{': '}', '(': ')'}, 0
    for j in range(k, len(code)):
        depth += (code[j] == code[k]) - (code[j] == pairs[code[k]])
        if depth == 0:
            return j
    return len(code)


def device_bodies(text):
    """The (start, end) offsets of the bodies of text's __global__ and __device__
    functions (a __host__ __device__ one runs on the host too)."""
    code, spans = blank(text), []
    for m in re.finditer(r'\b__(?:global|device)__\b', code):
        k, depth = m.end(), 0
        while k < len(code) and not (depth == 0 and code[k] in ';{=}'):
            depth += (code[k] == '(') - (code[k] == ')')
            k += 1
        head = code[max(code.rfind(c, 0, m.start()) for c in ';{}') + 1:k]
        if k < len(code) and code[k] == '{' and '__host__' not in head:
            spans.append((k, closing(code, k)))
    return spans


def in_device_code(spans, at):
    return any(lo < at < hi for lo, hi in spans)


def refuse(what, text):
    """A static_assert that says what is not supported, on text's lines."""
    return 'static_assert(false, "%s");%s' % (UNSUPPORTED % what, '\n' * text.count('\n'))


def includes(text):
    """cooperative_groups.h: an #error on its line, the only line left (else a wall of
    errors follows, and an #if around the include could hide the #error); thrust and
    CUB: emu_thrust.h."""
    lines = text.split('\n')
    # found through emu.mk's -Iautograder/emu, never by a path from the generated file's
    # folder, which a build folder outside the tree (or reached by a link) would break
    thrust = 'emu_thrust.h'
    for k, line in enumerate(lines):
        if re.match(r'\s*#\s*include\s*[<"]cooperative_groups(\.h|/)', line):
            error = '#error "%s"' % (UNSUPPORTED % 'cooperative groups')
            return '\n' * k + error + '\n' * (len(lines) - k - 1)
        m = re.match(r'\s*#\s*include\s*[<"]((thrust|cub)/[^>"]*)[>"]', line)
        if m:
            lines[k] = '#include "%s" /* for %s */' % (thrust, m.group(1))
    return '\n'.join(lines)


def inline_ptx(text):
    """asm statements in device code, each a static_assert."""
    spans, code, out, at = device_bodies(text), blank(text), [], 0
    for m in re.finditer(r'\b(?:asm|__asm__)\s*(?:volatile\s*|__volatile__\s*)?\(', code):
        if m.start() < at or not in_device_code(spans, m.start()):
            continue
        end = closing(code, m.end() - 1) + 1
        end += code[end:].startswith(';')
        out += [text[at:m.start()], refuse('inline PTX (asm)', text[m.start():end])]
        at = end
    return ''.join(out) + text[at:]


def kernel_launch(spans):
    def rewrite(m):
        if in_device_code(spans, m.start()):
            return refuse('dynamic parallelism (a launch inside a kernel)', m.group(0))
        return launch(m)
    return rewrite


src = inline_ptx(includes(src))
out = pattern.sub(kernel_launch(device_bodies(src)), src)
out = dynamic.sub(r'\1 *const \2 = (\1 *)emu_dynamic_shared;', out)
open(sys.argv[2], 'w').write('#line 1 "%s"\n' % sys.argv[1] + out)
