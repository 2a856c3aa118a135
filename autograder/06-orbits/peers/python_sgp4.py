"""python-sgp4 as a user runs it, for lab 06's CPU bench (bench-cpu.sh).

    python_sgp4.py FILE DT STEPS OUT [REPEAT]

Every element set of FILE (its "1 " and "2 " lines, first 69 columns) read by
Satrec.twoline2rv (WGS-72, the improved mode: python-sgp4's defaults), each propagated to
t = k DT minutes, k = 0..STEPS-1, by Satrec.sgp4_tsince; the states written to OUT as
sgp4_cpu.c's format (7 doubles a time: code, r km, v km/s). Prints "props seconds 1
accelerated", the best of REPEAT (default 3) timings of the propagation alone; accelerated
is sgp4.api.accelerated: 0 where the C++ extension is missing (Debian's python3-sgp4 ships
the pure-Python model only).
"""
import sys
import time
from array import array

from sgp4.api import Satrec, accelerated


def main():
    path, dt, steps, out = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    repeat = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    lines = [l.rstrip("\n") for l in open(path)]
    sats = []
    for a, b in zip(lines, lines[1:]):
        if a.startswith("1 ") and b.startswith("2 "):
            sats.append(Satrec.twoline2rv(a[:69], b[:69]))
    times = [k * dt for k in range(steps)]
    nan = float("nan")
    best = None
    for _ in range(repeat):
        states = array("d")
        t0 = time.perf_counter()
        for sat in sats:
            for t in times:
                e, r, v = sat.sgp4_tsince(t)
                if e in (1, 2, 3, 4):
                    states.extend((e, nan, nan, nan, nan, nan, nan))
                else:
                    states.extend((e, r[0], r[1], r[2], v[0], v[1], v[2]))
        seconds = time.perf_counter() - t0
        best = seconds if best is None else min(best, seconds)
    with open(out, "wb") as f:
        states.tofile(f)
    print(len(sats) * steps, "%.6f" % best, 1, int(bool(accelerated)))


main()
