#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""The layer rule of docs/architecture.md §1, checked on the #include lines.

Usage: check_layers.py [SOURCE_DIR]   check the tree (default: this script's ..)
       check_layers.py --self-test    check that the checker fails where it must

Every file under include/, src/, cli/ and provider/ belongs to a layer (LAYERS
below, bottom first). A quoted #include is resolved as the compiler does
(next to the file, then include/, src/ and bench/) and must name:
  - a file of the same component (the same folder under src/; all of
    src/backend/ is one component), or
  - a file of a lower layer.
An include of a higher layer, or of another component of the same layer, is
an error. So is a circle of files (A includes B ... includes A), an ISA header
(<immintrin.h> and the like; <cpuid.h> only in src/internal/cpu.c, the CPU
probe) or an ISA folder of src/backend/ (avx2, ifma,
avx512, x86_64, vector) included from outside src/backend/, and a CPU test
(cpu_features) outside src/backend/ and src/internal/cpu.c. A quoted include
that resolves to no file is an error too (it would hide an edge).
Exit 0 when the tree holds, 1 with one line per violation otherwise.
"""
import os
import re
import sys
import tempfile

# (layer rank, component prefix): the first prefix that matches a path wins.
LAYERS = [
    (0, "include/"),
    (1, "src/internal/"),
    (2, "src/field/"),
    (3, "src/scalar/"),
    (4, "src/backend/"),
    (5, "src/hash/"),
    (6, "src/edwards/"),
    (6, "src/montgomery/"),
    (6, "src/encoding/"),
    (7, "src/ristretto/"),
    (7, "src/x25519/"),
    (7, "src/ed25519/"),
    (7, "src/h2c/"),
    (8, "cli/"),
    (8, "provider/"),
]
NAMES = {0: "the public API", 1: "internal", 2: "field", 3: "scalar", 4: "backends",
         5: "hashing", 6: "groups and encodings", 7: "protocols", 8: "users"}
ROOTS = ["include", "src", "cli", "provider"]
SEARCH = ["include", "src", "bench"]  # the -I folders of the library, the CLI and the provider
ISA_HEADERS = {"immintrin.h", "x86intrin.h", "emmintrin.h", "xmmintrin.h", "tmmintrin.h",
               "smmintrin.h", "nmmintrin.h", "wmmintrin.h", "avxintrin.h", "avx2intrin.h",
               "cpuid.h", "arm_neon.h"}
ISA_FOLDERS = ["src/backend/avx2/", "src/backend/ifma/", "src/backend/avx512/",
               "src/backend/x86_64/", "src/backend/vector/"]
SUFFIXES = (".c", ".h", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def layer_of(rel):
    for rank, prefix in LAYERS:
        if rel.startswith(prefix):
            return rank, prefix
    return None, None


def strip_comments(text):
    """The text with /* */ and // comments blanked (line breaks kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def scan(top):
    """{file: [(line, kind, target)]}, kind '"' (target resolved or None) or '<'."""
    files = {}
    for root in ROOTS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(top, root)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith(SUFFIXES):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, top).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = strip_comments(f.read())
                incs = []
                for lineno, line in enumerate(text.split("\n"), 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    kind, name_inc = m.group(1), m.group(2)
                    if kind == "<":
                        incs.append((lineno, "<", name_inc))
                        continue
                    target = None
                    for base in [os.path.dirname(path)] + [os.path.join(top, s) for s in SEARCH]:
                        cand = os.path.normpath(os.path.join(base, name_inc))
                        if os.path.isfile(cand):
                            target = os.path.relpath(cand, top).replace(os.sep, "/")
                            break
                    incs.append((lineno, '"', target if target else "?" + name_inc))
                files[rel] = (incs, text)
    return files


def cycles(graph):
    """The strongly connected components of more than one file, or with a self-loop."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):  # iterative Tarjan
        work = [(v, iter(sorted(graph.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1 or node in graph.get(node, ()):
                    out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def check(top):
    """The list of violations in the tree at top."""
    files = scan(top)
    errors, graph = [], {}
    for rel, (incs, text) in sorted(files.items()):
        rank, comp = layer_of(rel)
        isa_ok = rel.startswith("src/backend/")
        for lineno, kind, target in incs:
            where = "%s:%d" % (rel, lineno)
            if kind == "<":
                # CPUID and XGETBV, the one CPU probe, live in src/internal/cpu.c.
                if target in ISA_HEADERS and not isa_ok and rel != "src/internal/cpu.c":
                    errors.append("%s: includes <%s>, an ISA header, outside src/backend/"
                                  % (where, target))
                continue
            if target.startswith("?"):
                errors.append('%s: "%s" names no file (next to it, include/ or src/)'
                              % (where, target[1:]))
                continue
            graph.setdefault(rel, set()).add(target)
            if not isa_ok and any(target.startswith(f) for f in ISA_FOLDERS):
                errors.append("%s: includes %s, an ISA folder of src/backend/, from above the "
                              "backends" % (where, target))
            trank, tcomp = layer_of(target)
            if rank is None or trank is None or tcomp == comp:
                continue
            if trank > rank:
                errors.append("%s: includes %s upward (%s, layer %d, above %s, layer %d)"
                              % (where, target, NAMES[trank], trank, NAMES[rank], rank))
            elif trank == rank:
                errors.append("%s: includes %s, another component of its layer (%s)"
                              % (where, target, NAMES[rank]))
        if (rank is not None and rank != 4 and rel != "src/internal/cpu.c"
                and rel != "src/internal/cpu.h" and re.search(r"\bcpu_features\s*\(", text)):
            errors.append("%s: tests a CPU feature (cpu_features) outside src/backend/" % rel)
    for comp in cycles(graph):
        errors.append("circle of files: " + " -> ".join(comp + [comp[0]]))
    return errors


# ---- the self-test: a synthetic tree per rule, each must fail, the clean one must pass ----

CLEAN = {
    "include/vec25519.h": "",
    "src/internal/ct.h": '#include "vec25519.h"\n',
    "src/field/fe.h": '#include "../internal/ct.h"\n',
    "src/backend/backend.h": '#include "../field/fe.h"\n',
    "src/backend/avx2/x.c": "#include <immintrin.h>\n#include \"../backend.h\"\n"
                            "int f(void) { return cpu_features().avx2; }\n",
    "src/ed25519/a.c": '#include "../backend/backend.h"\n#include "b.h"\n'
                       '/* #include "../../cli/cli.h" in a comment is no include */\n',
    "src/ed25519/b.h": '#include "vec25519.h"\n',
    "cli/main.c": '#include "vec25519.h"\n#include "internal/ct.h"\n',
}
BROKEN = {
    "an upward include": ("src/field/fe.h", '#include "../backend/backend.h"\n'),
    "an include of a peer": ("src/edwards/e.c", '#include "../montgomery/m.h"\n'),
    "a circle of files": ("src/ed25519/b.h", '#include "a.c"\n'),
    "an ISA header above the backends": ("src/ed25519/c.c", "#include <immintrin.h>\n"),
    "an ISA folder above the backends": ("src/x25519/d.c", '#include "../backend/avx2/x.c"\n'),
    "a CPU test above the backends": ("src/x25519/e.c", "int g(void) { return cpu_features().avx2; }\n"),
    "an include of no file": ("src/x25519/f.c", '#include "nowhere.h"\n'),
}


def write_tree(top, files):
    for rel, text in files.items():
        path = os.path.join(top, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def self_test():
    fails = 0
    with tempfile.TemporaryDirectory() as top:
        write_tree(top, dict(CLEAN, **{"src/montgomery/m.h": ""}))
        errs = check(top)
        if errs:
            print("FAIL: the clean tree is refused:\n  " + "\n  ".join(errs))
            fails += 1
        else:
            print("ok: the clean tree passes")
    for what, (rel, text) in BROKEN.items():
        with tempfile.TemporaryDirectory() as top:
            write_tree(top, dict(CLEAN, **{"src/montgomery/m.h": "", rel: text}))
            errs = check(top)
            if not errs:
                print("FAIL: %s is not caught" % what)
                fails += 1
            else:
                print("ok: %s is caught: %s" % (what, errs[0]))
    print("self-test: %d of %d cases %s" % (len(BROKEN) + 1 - fails, len(BROKEN) + 1,
                                            "behave" if fails == 0 else "behave; FAILED"))
    return 1 if fails else 0


def main(argv):
    if len(argv) > 1 and argv[1] == "--self-test":
        return self_test()
    top = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    errs = check(top)
    for e in errs:
        print("FAIL: " + e)
    n = len(scan(top))
    if errs:
        print("layers: %d violation%s in %d files" % (len(errs), "" if len(errs) == 1 else "s", n))
        return 1
    print("layers: %d files, no upward include, no include between peers, no circle" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
