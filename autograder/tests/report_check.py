#!/usr/bin/env python3
"""report_check.py: the structural check of the grade's and the class's pages.

  report_check.py grade PAGE RESULTS_JSON   a student's build/grade/report.html
  report_check.py class PAGE OUT [NAMES]    a class's OUT/report.html (grade-class.sh);
                                            NAMES: the page was made with NAMES=1

Each page must be self-contained (no stylesheet, script, image or font fetched, no
address off the machine), every link must lead to a file that exists and an anchor
that exists in it, and every number the page shows must be one the results (JSON,
gradebook, fragments, notes) hold, or a count or sum of them recomputed here. The
class page must draw a plot per lab and name no student unless NAMES. Prints one line
per problem and exits 1 when there is one.
"""
import csv
import glob
import html.parser
import json
import os
import re
import sys

NUM = re.compile(r"\d+(?:\.\d+)?(?:e[+-]?\d+)?")
problems = []


def problem(msg):
    problems.append(msg)
    print(f"report_check: {msg}")


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children, self.text = tag, dict(attrs), parent, [], []

    def all_text(self):
        return "".join(c if isinstance(c, str) else c.all_text() for c in self.children)

    def walk(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.walk()

    def find(self, cls=None, tag=None):
        return [n for n in self.walk() if (cls is None or cls in n.attrs.get("class", "").split())
                and (tag is None or n.tag == tag)]


class Tree(html.parser.HTMLParser):
    VOID = {"meta", "br", "img", "input", "link", "hr", "source", "col", "wbr"}

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.root = self.cur = Node("#root", {}, None)
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in self.VOID and not self.get_starttag_text().endswith("/>"):
            self.cur = n

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def visible_text(node):
    """The text a reader sees: no style, no script, no SVG (a plot's axes are gnuplot's)."""
    if node.tag in ("style", "script", "svg", "title"):
        return ""
    return "".join(c if isinstance(c, str) else " " + visible_text(c) + " " for c in node.children)


def ids_of(path, cache={}):
    if path not in cache:
        with open(path, encoding="utf-8", errors="replace") as f:
            cache[path] = set(re.findall(r'\bid="([^"]+)"', f.read()))
    return cache[path]


def check_self_contained(page, text, root):
    for n in root.walk():
        if n.tag == "link" or (n.tag == "script" and "src" in n.attrs):
            problem(f"{page}: <{n.tag}> loads something: {n.attrs}")
        for key in ("src", "srcset", "data", "poster"):
            if key in n.attrs and not n.attrs[key].startswith("data:"):
                problem(f"{page}: {n.tag} {key}={n.attrs[key]} is fetched")
    for m in re.findall(r"(?:url\(|@import)\s*['\"]?([^'\")]+)", text):
        if not m.startswith("data:") and not m.startswith("#"):
            problem(f"{page}: the styles fetch {m}")
    for n in root.walk():
        href = n.attrs.get("href", "")
        if re.match(r"[a-z]+:", href) and not href.startswith("data:"):
            problem(f"{page}: a link off the machine: {href}")


def check_links(page, root):
    """Every link's file exists and so does its anchor; returns how many were followed."""
    here = os.path.dirname(os.path.abspath(page))
    seen = 0
    for n in root.find(tag="a"):
        href = n.attrs.get("href")
        if href is None:
            continue
        path, _, anchor = href.partition("#")
        target = os.path.normpath(os.path.join(here, path)) if path else os.path.abspath(page)
        seen += 1
        if not os.path.isfile(target):
            problem(f"{page}: link {href}: no file {target}")
        elif anchor and anchor not in ids_of(target):
            problem(f"{page}: link {href}: {os.path.basename(target)} has no anchor #{anchor}")
    ids = [n.attrs["id"] for n in root.walk() if "id" in n.attrs and not has_svg_parent(n)]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        problem(f"{page}: ids used twice: {sorted(dup)}")
    return seen


def has_svg_parent(n):
    while n is not None:
        if n.tag == "svg":
            return True
        n = n.parent
    return False


def check_numbers(page, root, allowed):
    """Every number in the visible text is one of @allowed (strings as written)."""
    for tok in NUM.findall(visible_text(root)):
        if tok not in allowed:
            problem(f"{page}: the number {tok} is not in the results")


def grade(page, results):
    text = open(page, encoding="utf-8").read()
    root = Tree(text).root
    res = json.load(open(results, encoding="utf-8"))
    check_self_contained(page, text, root)
    links = check_links(page, root)
    tests = {t["name"]: t for t in res["tests"]}
    outcome = lambda t: t.get("extra_data", {}).get("outcome", t["status"])
    allowed = set(NUM.findall(json.dumps(res)))
    labs = {}
    for t in res["tests"]:
        lab = t["name"].split(": ", 1)[0]
        s = labs.setdefault(lab, {"score": 0, "max": 0, "passed": 0, "failed": 0, "skipped": 0})
        s["score"] += t["score"]
        s["max"] += t["max_score"]
        o = outcome(t)
        s["passed" if o == "passed" else "skipped" if o == "skipped" else "failed"] += 1
    for s in list(labs.values()) + [{k: sum(l[k] for l in labs.values()) for k in
                                     ("score", "max", "passed", "failed", "skipped")}]:
        allowed |= {str(v) for v in s.values()}
    reachable = sum(t["max_score"] for t in res["tests"] if outcome(t) != "skipped")
    allowed.add(str(reachable))
    seen = set()
    for sec in root.find(cls="lab"):
        lab = sec.attrs["data-lab"]
        s = labs.get(lab)
        if s is None:
            problem(f"{page}: section {lab}: no such lab in {results}")
            continue
        score = sec.find(cls="score")[0].all_text()
        if score != f"{s['score']}/{s['max']}":
            problem(f"{page}: {lab}'s score {score}, the JSON's {s['score']}/{s['max']}")
        for row in sec.find(cls="row"):
            name = f"{lab}: {row.attrs['data-test']}"
            seen.add(name)
            t = tests.get(name)
            pts = row.find(cls="pts")[0].all_text()
            status = row.find(cls="status")[0].all_text()
            if t is None:
                problem(f"{page}: {name} is not in {results}")
            elif pts != f"{t['score']}/{t['max_score']}" or status != outcome(t):
                problem(f"{page}: {name}: {pts} {status}, the JSON's {t['score']}/{t['max_score']} {outcome(t)}")
            elif row.find(cls="why")[0].all_text() not in t["output"]:
                problem(f"{page}: {name}: its reason is not the JSON's output")
            for r in row.find(cls="ratio") + row.find(cls="bound"):
                if r.all_text() not in t["output"]:
                    problem(f"{page}: {name}: the bar's {r.all_text()} is not in its output")
    for name in set(tests) - seen:
        problem(f"{page}: {name} of {results} is not on the page")
    total = root.find(tag="h1")[0].all_text()
    if f"{res['score']}/{res['extra_data']['max_score']}" not in total:
        problem(f"{page}: the total reads {total!r}, the JSON {res['score']}/{res['extra_data']['max_score']}")
    mode = [n for n in root.walk() if n.attrs.get("id") == "mode"]
    if len(mode) != 1 or ("EMULATED" in mode[0].all_text()) != res["extra_data"]["emulated"]:
        problem(f"{page}: the emulated/GPU status is not said once, as the JSON says")
    if sum("EMULATED" in c for c in [visible_text(root)]) and visible_text(root).count("EMULATED") != 1:
        problem(f"{page}: EMULATED said more than once")
    check_numbers(page, root, allowed)
    return f"{len(seen)} tests, {links} links, {len(root.find(cls='bar'))} speed bars"


def read_fragment_texts(out):
    rows = []
    for f in glob.glob(os.path.join(out, "students", "*", "*.tsv")):
        student = os.path.basename(os.path.dirname(f))
        for line in open(f, encoding="utf-8", errors="replace"):
            p = line.rstrip("\n").split("\t")
            if len(p) >= 6 and not line.startswith("#"):
                p[5] = p[5].replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\")
                rows.append([student] + p)
    return rows


def klass(page, out, names):
    text = open(page, encoding="utf-8").read()
    root = Tree(text).root
    check_self_contained(page, text, root)
    links = check_links(page, root)
    book = list(csv.reader(open(os.path.join(out, "gradebook.csv"), newline="")))
    labs, students = book[0][1:-2], [r[0] for r in book[1:-1]]
    rows = read_fragment_texts(out)
    notes = {}
    for s in students:
        p = os.path.join(out, "students", s, "note")
        if os.path.exists(p):
            notes[s] = open(p).readline().strip()
    allowed = set(NUM.findall(open(os.path.join(out, "gradebook.csv")).read()))
    for r in rows:
        allowed |= set(NUM.findall("\t".join(r)))
    for n in notes.values():
        allowed |= set(NUM.findall(n))
    allowed |= {str(len(students)), str(len(notes))}
    if root.find(tag="h1")[0].find(tag="span")[0].all_text() != str(len(students)):
        problem(f"{page}: the number of students is not the gradebook's {len(students)}")
    unfinished = root.find(cls="unfinished")
    if len(unfinished) != len(notes):
        problem(f"{page}: {len(unfinished)} students not graded to the end, the notes say {len(notes)}")
    plots = 0
    for sec in [n for n in root.walk() if "data-lab" in n.attrs]:
        lab = sec.attrs["data-lab"]
        if lab not in labs:
            problem(f"{page}: section {lab} is not a lab of the gradebook")
            continue
        svg = sec.find(tag="svg")
        if not svg or not (svg[0].find(tag="path") or svg[0].find(tag="rect")):
            problem(f"{page}: {lab} has no histogram drawn")
        plots += bool(svg)
        for row in sec.find(cls="row"):
            test = row.attrs["data-test"]
            mine = [r for r in rows if r[1] == lab and r[2] == test]
            n, passed = len(mine), sum(r[5] == "passed" for r in mine)
            got = row.find(cls="passed")[0].all_text()
            allowed |= {str(n), str(passed), str(n - passed)}
            if got != f"{passed} of {n}":
                problem(f"{page}: {lab} {test}: '{got}', the fragments say {passed} of {n}")
            for c in row.find(cls="count"):
                k = int(c.all_text().split()[0])
                allowed.add(str(k))
                if k > n - passed:
                    problem(f"{page}: {lab} {test}: a reason counted {k} times, of {n - passed}")
    for row in root.find(cls="speed"):
        lab, test = row.attrs["data-test"].split(": ", 1)
        outs = "\n".join(r[6] for r in rows if r[1] == lab and r[2] == test)
        for tok in re.split(r",\s*", row.find(cls="why")[0].all_text()) + [row.find(cls="rate")[0].all_text().split()[-1]]:
            if tok not in outs:
                problem(f"{page}: {lab} {test}: {tok} is in no student's output")
    if root.find(cls="speed"):
        plots += bool(root.find(tag="svg") and [n for n in root.walk() if n.attrs.get("data-plot") == "ratios"])
    if not names:
        seen = visible_text(root)
        said = "\n".join(r[6] for r in rows) + "\n".join(notes.values())
        for s in students:  # (a name that is also a word of the results, "reference", is not told)
            word = re.compile(r"\b" + re.escape(s) + r"\b")
            if word.search(seen) and not word.search(said):
                problem(f"{page}: names student {s} without NAMES=1")
    check_numbers(page, root, allowed)
    return f"{len(students)} students, {plots} plots, {links} links"


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "grade":
        what = grade(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 4 and sys.argv[1] == "class":
        what = klass(sys.argv[2], sys.argv[3], len(sys.argv) > 4)
    else:
        sys.exit(__doc__)
    if problems:
        sys.exit(1)
    print(f"report_check: {sys.argv[2]}: {what}: every link resolves, every number is the results'")


if __name__ == "__main__":
    main()
