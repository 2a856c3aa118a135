#!/usr/bin/python3
"""Three figures of handouts/06-orbits.md's SGP4 sections, from python3-sgp4 2.15
(Debian's package, its pure-Python port of Vallado's C++; no compiled extension):

1. the ISS card of common/tests/sgp4_test.c read as osculating Keplerian elements
   (WGS-72 mu, the card's mean motion) against SGP4's own state at epoch;
2. the same card propagated a day with WGS-84 constants against WGS-72;
3. Vallado's last set (20413, 1.84 million minutes from epoch) against tcppver.out:
   python-sgp4's port lands where the course's sgp4_ref does.

Run: /usr/bin/python3 handouts/data/06-orbits/sgp4-checks.py
"""
import math
import os

import sgp4
from sgp4.api import WGS72, WGS84, Satrec, accelerated

L1 = "1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927"
L2 = "2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537"
MU72 = 398600.8  # km^3/s^2, WGS-72 as SGP4 uses it


def kepler_state(n_revday, e, i, raan, argp, m, mu):
    """Position (km) of Keplerian elements (degrees, rev/day), two-body."""
    n = n_revday * 2 * math.pi / 86400.0
    a = (mu / (n * n)) ** (1.0 / 3.0)
    d = math.radians
    ea = d(m)
    for _ in range(50):
        ea -= (ea - e * math.sin(ea) - d(m)) / (1 - e * math.cos(ea))
    xp, yp = a * (math.cos(ea) - e), a * math.sqrt(1 - e * e) * math.sin(ea)
    co, so = math.cos(d(raan)), math.sin(d(raan))
    cw, sw = math.cos(d(argp)), math.sin(d(argp))
    ci, si = math.cos(d(i)), math.sin(d(i))
    return [
        (co * cw - so * sw * ci) * xp + (-co * sw - so * cw * ci) * yp,
        (so * cw + co * sw * ci) * xp + (-so * sw + co * cw * ci) * yp,
        (sw * si) * xp + (cw * si) * yp,
    ]


print(f"python-sgp4 at {os.path.dirname(sgp4.__file__)}, compiled extension: {accelerated}")
sat72 = Satrec.twoline2rv(L1, L2, WGS72)
err, r0, v0 = sat72.sgp4_tsince(0.0)
f = L2.split()
osc = kepler_state(float(f[7][:11]), float("0." + f[4]), float(f[2]), float(f[3]),
                   float(f[5]), float(f[6]), MU72)
print(f"1. ISS card at epoch: |r| SGP4 {math.hypot(*r0):.3f} km, as osculating "
      f"{math.hypot(*osc):.3f} km; {math.dist(r0, osc):.3f} km apart")

sat84 = Satrec.twoline2rv(L1, L2, WGS84)
for t in (0.0, 1440.0):
    _, ra, _ = sat72.sgp4_tsince(t)
    _, rb, _ = sat84.sgp4_tsince(t)
    print(f"2. ISS card at {t:.0f} min: WGS-84 constants {math.dist(ra, rb):.3f} km "
          f"from WGS-72")

d = os.path.dirname(sgp4.__file__)
tle = [x for x in open(os.path.join(d, "SGP4-VER.TLE")).read().splitlines()
       if x.startswith(("1 20413", "2 20413"))]
sat = Satrec.twoline2rv(tle[2][:69], tle[3][:69], WGS72)
out = open(os.path.join(d, "tcppver.out")).read().splitlines()
heads = [k for k, x in enumerate(out) if x.split()[:2] == ["20413", "xx"]]
worst = (0.0, 0.0, 0.0, 0.0, 0)
lines = 0
for x in out[heads[1] + 1:]:
    if "xx" in x:
        break
    row = [float(v) for v in x.split()[:7]]
    e, r, v = sat.sgp4_tsince(row[0])
    dr = math.dist(r, row[1:4]) * 1e6
    lines += 1
    if dr > worst[0]:
        worst = (dr, row[0], math.hypot(*r), math.hypot(*v), e)
print(f"3. 20413 (second set), {lines} lines of tcppver.out: worst {worst[0]:.6f} mm at "
      f"{worst[1]:.0f} min, |r| {worst[2]:.1f} km, |v| {worst[3]:.3f} km/s")
