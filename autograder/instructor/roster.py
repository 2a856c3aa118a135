#!/usr/bin/env python3
"""roster.py ROSTER GRADEBOOK OUT: the class's gradebook (grade-class.sh's
gradebook.csv, one row per submission folder) keyed by the roster, in two layouts an
instructor can upload:

- OUT/upload.csv: Name, SID, Email, one column per lab, Total Score. The columns a
  score import maps by student id or email (Gradescope's score upload, Moodle's and
  Blackboard's CSV grade import).
- OUT/canvas.csv: Canvas's gradebook import (Student, ID, SIS User ID, SIS Login ID,
  Section, one column per lab, then Total), with its "Points Possible" row.

The roster is a CSV with a header naming at least the columns folder (or submission),
id (or sid, student_id) and email; name and section are optional. A student on the
roster without a folder gets 0 and the note "no submission"; a folder no roster line
names is reported and left out, and the command fails, so no grade is lost silently.
"""
import csv
import sys

ALIASES = {
    "folder": ("folder", "submission", "directory", "dir"),
    "id": ("id", "sid", "student_id", "student id", "student number"),
    "email": ("email", "e-mail", "mail"),
    "name": ("name", "full name", "student"),
    "section": ("section",),
}


def read_roster(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    if not rows:
        sys.exit(f"roster: {path} is empty: want a header, then folder,id,email[,name]")
    header = [h.strip().lower() for h in rows[0]]
    col = {}
    for key, names in ALIASES.items():
        for n in names:
            if n in header:
                col[key] = header.index(n)
                break
    missing = [k for k in ("folder", "id", "email") if k not in col]
    if missing:
        sys.exit(f"roster: {path} has no column {', '.join(missing)} (header: {rows[0]}); "
                 "want folder,id,email[,name[,section]]")
    roster = []
    for line, r in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in r):
            continue
        get = lambda k: r[col[k]].strip() if k in col and col[k] < len(r) else ""
        if not get("folder") or not get("id"):
            sys.exit(f"roster: {path} line {line}: a folder and an id are required: {r}")
        roster.append({k: get(k) for k in ALIASES})
    folders = [s["folder"] for s in roster]
    dup = sorted({f for f in folders if folders.count(f) > 1})
    if dup:
        sys.exit(f"roster: {path} names folder(s) {', '.join(dup)} more than once")
    return roster


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: roster.py ROSTER GRADEBOOK OUT")
    roster_path, book_path, out = sys.argv[1:]
    roster = read_roster(roster_path)
    with open(book_path, newline="") as f:
        book = list(csv.reader(f))
    header, rows = book[0], book[1:]
    labs = header[1:header.index("total")]
    graded = {r[0]: r for r in rows if r[0] != "max_score"}
    max_row = next((r for r in rows if r[0] == "max_score"), None)
    unknown = sorted(set(graded) - {s["folder"] for s in roster})

    def row(s):
        """the student's lab scores and total, and the note"""
        r = graded.get(s["folder"])
        if not r:
            return ["0"] * (len(labs) + 1), "no submission"
        return r[1:len(labs) + 2], r[len(labs) + 2] if len(r) > len(labs) + 2 else ""

    with open(f"{out}/upload.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Name", "SID", "Email"] + labs + ["Total Score", "Note"])
        for s in roster:
            scores, note = row(s)
            w.writerow([s["name"] or s["folder"], s["id"], s["email"]] + scores + [note])
    with open(f"{out}/canvas.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Student", "ID", "SIS User ID", "SIS Login ID", "Section"] + labs + ["Total"])
        if max_row:
            w.writerow(["Points Possible", "", "", "", ""] + max_row[1:len(labs) + 2])
        for s in roster:
            w.writerow([s["name"] or s["folder"], "", s["id"], s["email"], s["section"]] + row(s)[0])
    print(f"roster: {len(roster)} students: {out}/upload.csv (Gradescope, Moodle, Blackboard), "
          f"{out}/canvas.csv (Canvas)")
    if unknown:
        print(f"roster: folder(s) graded but on no roster line, left out of the uploads: "
              f"{', '.join(unknown)}", file=sys.stderr)
        sys.exit(1)


main()
