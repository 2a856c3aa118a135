#!/usr/bin/env python3
"""Writes a lab's submission-runner glue from its header (see rpc.h).

usage: write_glue.py LAB_DIR API_TXT INCLUDE_DIR OUT_DIR

LAB_DIR holds the lab's headers (the course's copy, never the submission's); API_TXT
lists the functions the grader calls, one a line; INCLUDE_DIR holds the headers whose
structs the API passes (common/). Writes in OUT_DIR:

  api.c       the table of the API (rpc_api): each argument's kind and size, and each
              struct's device pointer fields
  proxy.c     the grader's stubs: each API function, sending its arguments to the runner
  dispatch.c  the runner's side: rpc_dispatch() calls the submission's function
  stubs.c     a stub of each API function that aborts: the grader linked with them
              only lists its tests and points (grade-lab.sh, for a submission that
              does not compile); they are never called

A parameter that is a pointer to a struct is a host struct, copied (back too, unless
const); any other pointer is device memory; every pointer field of a struct is device
memory. A prototype this cannot read is an error, never a guess.
"""
import glob
import os
import re
import sys

MAX_ARGS, MAX_FIELDS = 16, 32  # rpc.h's RPC_MAX_ARGS, RPC_MAX_FIELDS


def strip_comments(text):
    """The C without comments and preprocessor lines."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r"(?m)^\s*#.*$", " ", text)


def read_headers(paths):
    return "\n".join(strip_comments(open(p).read()) for p in paths)


def parse_structs(text):
    """struct name -> list of (type, name) fields, declarator lists split."""
    structs = {}
    for m in re.finditer(r"\bstruct\s+(\w+)\s*\{(.*?)\}\s*;", text, flags=re.S):
        fields = []
        for decl in m.group(2).split(";"):
            decl = " ".join(decl.split())
            if not decl:
                continue
            first = re.match(r"((?:const\s+)?(?:struct\s+|enum\s+|unsigned\s+)?\w+)\s*(.*)", decl)
            if not first:
                sys.exit(f"write_glue.py: cannot read field '{decl}' of struct {m.group(1)}")
            base, rest = first.group(1), first.group(2)
            for d in rest.split(","):
                d = d.strip()
                stars = d.count("*")
                name = d.replace("*", "").strip()
                fields.append((base + " " + "*" * stars, name))
        structs[m.group(1)] = fields
    return structs


def pointer_fields(structs, name, prefix=""):
    """Member designators of every pointer field of struct name, nested structs included."""
    out = []
    if name not in structs:
        sys.exit(f"write_glue.py: struct {name} is passed by the API but defined in no header read")
    for ftype, fname in structs[name]:
        if "*" in ftype:
            out.append(prefix + fname)
        elif ftype.split()[0] == "struct" or ftype.startswith("const struct"):
            inner = ftype.replace("const", "").split()[1]
            out += pointer_fields(structs, inner, prefix + fname + ".")
    return out


def parse_param(p, fn):
    p = " ".join(p.split())
    m = re.match(r"(.*?)(\w+)$", p)
    if not m:
        sys.exit(f"write_glue.py: cannot read parameter '{p}' of {fn}")
    ctype, name = m.group(1).strip(), m.group(2)
    struct = re.search(r"\bstruct\s+(\w+)", ctype)
    if "*" in ctype:
        if ctype.count("*") > 1:
            sys.exit(f"write_glue.py: {fn}: '{p}' has two levels of pointer")
        if struct:
            kind = "RPC_STRUCT_IN" if ctype.startswith("const") else "RPC_STRUCT_INOUT"
        else:
            kind = "RPC_DEVPTR"
    else:
        kind = "RPC_STRUCT_VALUE" if struct else "RPC_VALUE"
    return {"ctype": ctype, "name": name, "kind": kind,
            "struct": struct.group(1) if struct else None}


def parse_function(text, fn):
    m = re.search(r"([A-Za-z_][\w\s\*]*?)\b" + fn + r"\s*\(([^)]*)\)\s*;", text)
    if not m:
        sys.exit(f"write_glue.py: no prototype of {fn} in the lab's headers")
    # the return type: what precedes the name in its declaration
    ret = " ".join(w for w in m.group(1).split() if w not in ("extern", "static", "inline"))
    params = m.group(2).strip()
    plist = [] if params in ("", "void") else [parse_param(p, fn) for p in params.split(",")]
    if len(plist) > MAX_ARGS:
        sys.exit(f"write_glue.py: {fn} has more than {MAX_ARGS} parameters")
    return {"name": fn, "ret": ret, "params": plist}


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    lab_dir, api_txt, inc_dir, out = sys.argv[1:]
    lab_headers = sorted(glob.glob(os.path.join(lab_dir, "*.h")))
    text = read_headers(lab_headers)
    structs = parse_structs(text + read_headers(sorted(glob.glob(os.path.join(inc_dir, "**", "*.h"), recursive=True))))
    names = [l.strip() for l in open(api_txt) if l.strip()]
    fns = [parse_function(text, n) for n in names]
    includes = "".join(f'#include "{os.path.basename(h)}"\n' for h in lab_headers)
    note = "/* Written by autograder/runner/write_glue.py from the lab's header: do not edit. */\n"

    table = [note, "#include <stddef.h>\n\n", includes, '#include "rpc.h"\n\n']
    for s in sorted({p["struct"] for f in fns for p in f["params"] if p["struct"]}):
        ptrs = pointer_fields(structs, s)
        if len(ptrs) > MAX_FIELDS:
            sys.exit(f"write_glue.py: struct {s} has more than {MAX_FIELDS} pointer fields")
        body = ", ".join(f"offsetof(struct {s}, {d})" for d in ptrs) or "0"
        table.append(f"static const size_t ptrs_{s}[] = {{{body}}};\n")
    for f in fns:
        args = []
        for p in f["params"]:
            if p["struct"]:
                n = len(pointer_fields(structs, p["struct"]))
                args.append(f"{{{p['kind']}, sizeof(struct {p['struct']}), ptrs_{p['struct']}, {n}}}")
            else:
                args.append(f"{{{p['kind']}, sizeof({p['ctype']}), NULL, 0}}")
        if args:
            table.append(f"static const struct rpc_arg args_{f['name']}[] = {{\n\t"
                         + ",\n\t".join(args) + "};\n")
    table.append("\nconst struct rpc_fn rpc_api[] = {\n")
    for f in fns:
        size = "0" if f["ret"] == "void" else f"sizeof({f['ret']})"
        err = 1 if f["ret"] == "cudaError_t" else 0
        args = f"args_{f['name']}" if f["params"] else "NULL"
        table.append(f"\t{{\"{f['name']}\", {size}, {err}, {len(f['params'])}, {args}}},\n")
    table.append(f"}};\nconst int rpc_api_count = {len(fns)};\n")

    proxy = [note, includes, '#include "rpc.h"\n']
    for i, f in enumerate(fns):
        params = ", ".join(f"{p['ctype']} {p['name']}".replace("* ", "*") for p in f["params"]) or "void"
        argv = ", ".join(f"(void *)&{p['name']}" for p in f["params"])
        proxy.append(f"\n{f['ret']} {f['name']}({params})\n{{\n")
        proxy.append(f"\tvoid *const argv[] = {{{argv}}};\n" if argv else "\tvoid *const *argv = NULL;\n")
        if f["ret"] == "void":
            proxy.append(f"\trpc_call({i}, argv, NULL);\n}}\n")
        else:
            proxy.append(f"\t{f['ret']} ret;\n\n\trpc_call({i}, argv, &ret);\n\treturn ret;\n}}\n")

    dispatch = [note, includes, '#include "rpc.h"\n\n',
                "void rpc_dispatch(int fn, void *const *argv, void *ret);\n\n",
                "void rpc_dispatch(int fn, void *const *argv, void *ret)\n{\n",
                "\t(void)argv, (void)ret;\n\tswitch (fn) {\n"]
    for i, f in enumerate(fns):
        vals = []
        for k, p in enumerate(f["params"]):
            if p["kind"] in ("RPC_STRUCT_IN", "RPC_STRUCT_INOUT"):
                vals.append(f"({p['ctype']})argv[{k}]")
            else:
                vals.append(f"*({p['ctype']}{'' if p['ctype'].endswith('*') else ' '}*)argv[{k}]")
        call = f"{f['name']}({', '.join(vals)})"
        if f["ret"] == "void":
            dispatch.append(f"\tcase {i}:\n\t\t{call};\n\t\tbreak;\n")
        else:
            dispatch.append(f"\tcase {i}:\n\t\t*({f['ret']} *)ret = {call};\n\t\tbreak;\n")
    dispatch.append("\t}\n}\n")

    stubs = [note, "#include <stdlib.h>\n"]
    for f in fns:
        stubs.append(f"\nvoid {f['name']}(void);\nvoid {f['name']}(void)\n{{\n\tabort();\n}}\n")

    os.makedirs(out, exist_ok=True)
    for name, parts in (("api.c", table), ("proxy.c", proxy), ("dispatch.c", dispatch), ("stubs.c", stubs)):
        with open(os.path.join(out, name), "w") as fh:
            fh.write("".join(parts))


if __name__ == "__main__":
    main()
