"""class_plots.py: the class page's plots, drawn by gnuplot (the course's plotting tool,
as the handouts' figures are) as SVG, returned as text to inline in the page. Each
plot's element ids are prefixed with its own name, so that several SVGs share a page.
"""
import os
import re
import subprocess
import sys
import tempfile

STYLE = """set terminal svg size {w},{h} dynamic noenhanced font 'sans,11'
set output '{out}'
set border 3
set tics nomirror
set style fill solid 0.85 noborder
set grid ytics lc rgb '#dddddd'
set key off
"""


def _run(name, script, data, w, h):
    """Runs gnuplot on @script with @data (a text file it reads as 'data.txt'); the SVG
    with its ids made unique, or None when gnuplot is missing or fails."""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "data.txt"), "w") as f:
            f.write(data)
        out = os.path.join(tmp, "plot.svg")
        with open(os.path.join(tmp, "plot.gp"), "w") as f:
            f.write(STYLE.format(w=w, h=h, out=out) + script)
        try:
            subprocess.run(["gnuplot", "plot.gp"], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
            with open(out) as f:
                svg = f.read()
        except (OSError, subprocess.SubprocessError) as e:
            err = getattr(e, "stderr", None)
            print(f"class_report: plot {name} not drawn: {err.decode() if err else e}", file=sys.stderr)
            return None
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r'(\bid=")([^"]+)"', lambda m: f'{m.group(1)}{name}-{m.group(2)}"', svg)
    svg = re.sub(r'(href=")#([^"]+)"', lambda m: f'{m.group(1)}#{name}-{m.group(2)}"', svg)
    return svg.replace("<svg ", f'<svg class="plot" data-plot="{name}" ', 1)


def histogram(name, totals, max_score):
    """The class's scores of one lab: students (y) per score (x), one bar a point."""
    counts = {}
    for t in totals:
        counts[t] = counts.get(t, 0) + 1
    data = "".join(f"{s} {counts[s]}\n" for s in sorted(counts))
    script = f"""set xrange [-0.5:{max_score + 0.5}]
set yrange [0:{max(counts.values()) + 1}]
set xlabel 'score (of {max_score})'
set ylabel 'students'
set ytics 1
set boxwidth {max(0.6, max_score / 60.0)}
plot 'data.txt' using 1:2 with boxes lc rgb '#4a7bd0'
"""
    return _run(name, script, data, 520, 220)


def ratios(name, tests):
    """Each speed test (a row) with every student's ratio (a dot) and its bound (a bar):
    @tests is a list of (test, bound, [ratio, ...])."""
    rows = []
    for i, (_, bound, values) in enumerate(tests):
        rows += [f"{i} {v} 0\n" for v in values]
        rows.append(f"{i} {bound} 1\n")
    labels = ", ".join(f"'{t}' {i}" for i, (t, _, _) in enumerate(tests))
    script = f"""set logscale x
set yrange [-0.7:{len(tests) - 0.3}]
set ytics ({labels})
set xlabel 'ratio (dots: students; bar: the bound)'
set grid xtics lc rgb '#dddddd'
plot 'data.txt' using 2:($3 == 0 ? $1 : 1/0) with points pt 7 ps 0.9 lc rgb '#4a7bd0', \\
     '' using 2:($3 == 1 ? $1 : 1/0):(0.35) with yerrorbars pt -1 lw 3 lc rgb '#000000'
"""
    return _run(name, script, "".join(rows), 640, 80 + 40 * len(tests))
