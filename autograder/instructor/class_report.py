#!/usr/bin/env python3
"""class_report.py OUT: the class's page, OUT/report.html, from what grade-class.sh
wrote there (gradebook.csv, students/NAME/*.tsv and their notes): a score histogram per
lab, each test's pass rate with its most common reason, the students whose grading did
not end with a verdict, and each speed test's ratios against its bound. One
self-contained file (styles and plots inline, nothing fetched); plots by gnuplot
(class_plots.py). No student's name unless NAMES=1 (a page to show the class). A speed
test's ratio and bound are read by the grader's own reader, grade_report --speed
($REPORT, default build/bin/grade_report).
"""
import collections
import csv
import glob
import html
import os
import subprocess
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import class_plots  # noqa: E402

SEEDS_AND_NUMBERS = re.compile(r"0x[0-9a-f]+|-?\d+(\.\d+)?(e[+-]?\d+)?")
STYLE = """body{font:15px/1.45 system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:1rem;color:#1d1d1f}
h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.25rem;margin:1.6rem 0 .4rem}
nav a{margin-right:1rem}.note{background:#fff6d6;border-left:4px solid #e0b000;padding:.5rem .8rem}
table{border-collapse:collapse;width:100%;table-layout:fixed}
th,td{text-align:left;vertical-align:top;padding:.3rem .4rem;border-bottom:1px solid #ddd}
.test{width:16rem;overflow-wrap:anywhere}.rate{width:9rem}.why{white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.4 ui-monospace,monospace}
.bar{height:.6rem;background:#eee;margin-top:.2rem}.bar span{display:block;height:100%;background:#4a7bd0}
svg.plot{width:100%;max-width:40rem;height:auto;display:block}"""


def unescape(s):
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            out.append({"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def read_rows(path):
    """A fragment's rows: (lab, test, score, max_score, status, output)."""
    rows = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(p) < 6:
                continue
            rows.append((unescape(p[0]), unescape(p[1]), int(p[2]), int(p[3]), p[4], unescape(p[5])))
    return rows


def read_class(out):
    with open(os.path.join(out, "gradebook.csv"), newline="") as f:
        book = list(csv.reader(f))
    labs = book[0][1:-2]
    maxima = dict(zip(labs, map(int, book[-1][1:-2])))
    totals = {r[0]: dict(zip(labs, map(int, r[1:-2]))) for r in book[1:-1]}
    rows, notes = {}, {}
    for s in totals:
        d = os.path.join(out, "students", s)
        rows[s] = [r for f in sorted(glob.glob(os.path.join(d, "*.tsv"))) for r in read_rows(f)]
        if os.path.exists(os.path.join(d, "note")):
            with open(os.path.join(d, "note")) as f:
                notes[s] = f.readline().strip()
    return labs, maxima, totals, rows, notes


def speed_rows(out, students):
    """Each student's speed ratios: {(lab, test): (bound, [ratio, ...])}."""
    report = os.environ.get("REPORT", "build/bin/grade_report")
    found = {}
    for s in students:
        files = sorted(glob.glob(os.path.join(out, "students", s, "*.tsv")))
        if not files or not os.access(report, os.X_OK):
            continue
        res = subprocess.run([report, "--speed"] + files, capture_output=True, text=True)
        for line in res.stdout.splitlines():
            lab, test, _, ratio, bound, at_most = line.split("\t")
            bound = ("at most " if at_most == "1" else "at least ") + bound
            found.setdefault((lab, test), (bound, []))[1].append(ratio)
    return found


def test_stats(lab, rows):
    """Per test of @lab, in the graders' order: students, passed, most common reason."""
    stats = collections.OrderedDict()
    for student_rows in rows.values():
        for r in student_rows:
            if r[0] != lab:
                continue
            st = stats.setdefault(r[1], {"n": 0, "passed": 0, "why": collections.Counter(), "example": {}})
            st["n"] += 1
            if r[4] == "passed":
                st["passed"] += 1
            else:
                first = r[5].split("\n")[0]
                first = first if r[4] == "failed" else r[4] + ": " + first
                key = SEEDS_AND_NUMBERS.sub("#", first)  # the same reason, other inputs
                st["why"][key] += 1
                st["example"].setdefault(key, first)
    return stats


def lab_section(lab, maxima, totals, rows):
    e = html.escape
    scores = [t[lab] for t in totals.values()]
    svg = class_plots.histogram("hist-" + lab, scores, maxima[lab])
    out = [f'<section id="lab-{e(lab)}" data-lab="{e(lab)}"><h2>{e(lab)}: scores of '
           f'<span class="n">{len(scores)}</span> students, out of <span class="max">{maxima[lab]}</span></h2>']
    out.append(svg or '<p class="note">gnuplot is missing: no histogram.</p>')
    out.append('<table><thead><tr><th class="test">test</th><th class="rate">passed</th>'
               "<th>the most common reason it did not pass</th></tr></thead><tbody>")
    for test, st in test_stats(lab, rows).items():
        width = 100.0 * st["passed"] / st["n"]
        why = ""
        if st["why"]:
            key, count = st["why"].most_common(1)[0]
            why = f'<span class="count">{count} of {st["n"] - st["passed"]}</span>: {e(st["example"][key])}'
        out.append(f'<tr class="row" data-test="{e(test)}"><td class="test">{e(test)}</td>'
                   f'<td class="rate"><span class="passed">{st["passed"]} of {st["n"]}</span>'
                   f'<div class="bar"><span style="width:{width:.1f}%"></span></div></td>'
                   f'<td class="why">{why}</td></tr>')
    out.append("</tbody></table></section>")
    return "\n".join(out)


def speed_section(speeds):
    e = html.escape
    if not speeds:
        return ('<section id="speed"><h2>Speed tests</h2><p>No speed test of this class '
                "measured a ratio (they need a GPU).</p></section>")
    keys = sorted(speeds)
    tests = [(f"{lab} {test}", float(speeds[k][0].split()[-1].rstrip("x")), [float(r.rstrip("x")) for r in speeds[k][1]])
             for k in keys for lab, test in [k]]
    svg = class_plots.ratios("ratios", tests)
    out = ['<section id="speed"><h2>Speed tests: the class\'s ratios against each bound</h2>',
           svg or '<p class="note">gnuplot is missing: no plot.</p>',
           '<table><thead><tr><th class="test">test</th><th class="rate">bound</th>'
           "<th>ratios measured, in order</th></tr></thead><tbody>"]
    for (lab, test) in keys:
        bound, values = speeds[(lab, test)]
        values = sorted(values, key=lambda v: float(v.rstrip("x")))
        out.append(f'<tr class="speed" data-test="{e(lab)}: {e(test)}"><td class="test">{e(lab)} {e(test)}</td>'
                   f'<td class="rate">{e(bound)}</td><td class="why">{e(", ".join(values))}</td></tr>')
    out.append("</tbody></table></section>")
    return "\n".join(out)


def page(out, names):
    e = html.escape
    labs, maxima, totals, rows, notes = read_class(out)
    body = [f'<h1>Class report: <span id="students">{len(totals)}</span> students</h1>',
            "<nav>" + "".join(f'<a href="#lab-{e(l)}">{e(l)}</a>' for l in labs)
            + '<a href="#speed">speed</a><a href="#unfinished">not graded to the end</a></nav>',
            f'<section id="unfinished"><h2>Not graded to the end: <span class="n">{len(notes)}</span></h2>']
    if notes:
        body.append("<ul>" + "".join(
            f'<li class="unfinished">{e(s) + ": " if names else ""}{e(n)}</li>'
            for s, n in sorted(notes.items())) + "</ul>")
        if not names:
            body.append("<p>Their names: NAMES=1, or summary.txt.</p>")
    else:
        body.append("<p>Every student's grading ended with the grader's verdict.</p>")
    body.append("</section>")
    body += [lab_section(l, maxima, totals, rows) for l in labs]
    body.append(speed_section(speed_rows(out, totals)))
    if names:
        body.append('<section id="students-table"><h2>Students</h2><table><thead><tr><th>student</th>'
                    + "".join(f"<th>{e(l)}</th>" for l in labs) + "</tr></thead><tbody>"
                    + "".join(f"<tr><td>{e(s)}</td>" + "".join(f"<td>{t[l]}</td>" for l in labs) + "</tr>"
                              for s, t in totals.items()) + "</tbody></table></section>")
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>Class report</title>\n<style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: class_report.py OUT (NAMES=1 names the students)")
    out = sys.argv[1]
    text = page(out, os.environ.get("NAMES") == "1")
    with open(os.path.join(out, "report.html"), "w") as f:
        f.write(text)
    print(f"page: {os.path.join(out, 'report.html')}")


if __name__ == "__main__":
    main()
