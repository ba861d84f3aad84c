#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""man 3 pages of the public API, from the comments of the headers in include/.

    python3 tools/gen_man3.py INCLUDE_DIR OUT_DIR VERSION

Every documented declaration of a VEC25519_API function (a /** ... */
comment followed by one or more declarations) becomes one page, named after
its first function: OUT_DIR/man3/<name>.3. Each further function of the same
comment gets a one-line page ".so man3/<first>.3". vec25519(3) is the
overview: the umbrella header's comment and the list of pages by header.
The build runs this (CMakeLists.txt, target man3); tests/man/check_man.sh
renders every page with groff's warnings on and checks that every exported
function (tests/abi/vec25519.symbols) has a page.
"""
import os
import re
import sys

# Attribute macros of include/vec25519/export.h: not part of a C prototype a
# reader wants to see.
ATTRS = re.compile(r"\bVEC25519_(API|WUR|NONNULL_ALL)\b|\bVEC25519_(NONNULL|DEPRECATED)\s*\((?:[^()]|\([^()]*\))*\)")


def roff_text(s):
    """Escapes a line of text for groff: backslashes, non-ASCII characters as
    \\[uXXXX], a leading control character."""
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\e")
        elif ch == "-":
            out.append("\\-")
        elif ord(ch) > 127:
            out.append("\\[u%04X]" % ord(ch))
        else:
            out.append(ch)
    line = "".join(out)
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def comment_lines(body):
    """The lines of a /** ... */ comment without the comment markers."""
    body = re.sub(r"^/\*\*", "", body)
    body = re.sub(r"\*/$", "", body)
    lines = []
    for line in body.split("\n"):
        line = re.sub(r"^\s*\* ?", "", line, count=1) if re.match(r"^\s*\*", line) else line.strip()
        lines.append(line.rstrip())
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def roff_paragraphs(lines):
    """Comment lines to man(7) body text: blank lines start paragraphs,
    "@par Title" a subsection, "- item" a bullet list."""
    out = []
    in_list = False
    for line in lines:
        s = line.strip()
        if s == "@file":
            continue
        if not s:
            out.append(".PP")
            in_list = False
            continue
        m = re.match(r"@par\s+(.*)", s)
        if m:
            out.append(".SS " + roff_text(m.group(1)))
            in_list = False
            continue
        if re.match(r"[-•] ", s):
            out.append(".IP \\(bu 2")
            out.append(roff_text(s[2:]))
            in_list = True
            continue
        if in_list and line.startswith("  "):
            out.append(roff_text(s))
            continue
        if in_list:
            out.append(".PP")
            in_list = False
        out.append(roff_text(s))
    while out and out[0] == ".PP":
        out.pop(0)
    # no paragraph macro directly after another, or before a subsection
    cleaned = []
    for line in out:
        if line == ".PP" and cleaned and (cleaned[-1] == ".PP" or cleaned[-1].startswith(".SS")):
            continue
        if line.startswith(".SS") and cleaned and cleaned[-1] == ".PP":
            cleaned.pop()
        cleaned.append(line)
    while cleaned and cleaned[-1] == ".PP":
        cleaned.pop()
    return cleaned


def declarations(code):
    """(name, prototype) of each VEC25519_API function declared in code."""
    found = []
    for m in re.finditer(r"VEC25519_API\b[^;{]*;", code):
        decl = re.sub(r"/\*.*?\*/", "", m.group(0), flags=re.S)
        decl = ATTRS.sub("", decl)
        decl = " ".join(decl.split())
        decl = re.sub(r"\s+;", ";", decl)
        decl = re.sub(r"\(\s+", "(", decl)
        name = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(", decl)
        if name and name.group(1).startswith("vec25519_"):
            found.append((name.group(1), decl))
    return found


def first_sentence(lines):
    text = " ".join(l.strip() for l in lines if l.strip() and l.strip() != "@file")
    m = re.match(r"(.+?[.:])(\s|$)", text)
    s = m.group(1) if m else text
    s = s.rstrip(".:")
    if len(s) > 100:
        s = s[:97].rsplit(" ", 1)[0] + " ..."
    return s


def th(name, version):
    # left-adjusted, no hyphenation: long identifiers cannot be justified
    return ('.TH "%s" 3 "" "vec25519 %s" "vec25519 Library Functions"\n.ad l\n.nh'
            % (name.upper(), version))


def prototype_lines(decl):
    """A prototype, broken after commas to fit 78 columns."""
    lines, cur = [], ""
    for piece in re.split(r"(?<=,) ", decl):
        if cur and len(cur) + 1 + len(piece) > 74:
            lines.append(cur)
            cur = "    " + piece
        else:
            cur = cur + " " + piece if cur else piece
    lines.append(cur)
    return lines


def main():
    inc, out, version = sys.argv[1], sys.argv[2], sys.argv[3]
    man3 = os.path.join(out, "man3")
    os.makedirs(man3, exist_ok=True)
    for f in os.listdir(man3):
        if f.endswith(".3"):
            os.remove(os.path.join(man3, f))
    headers = ["vec25519.h"] + sorted(
        "vec25519/" + f for f in os.listdir(os.path.join(inc, "vec25519")) if f.endswith(".h"))
    by_header = []
    overview = []
    for hdr in headers:
        text = open(os.path.join(inc, hdr), encoding="utf-8").read()
        comments = list(re.finditer(r"/\*\*(?!<).*?\*/", text, flags=re.S))
        pages = []
        for i, c in enumerate(comments):
            lines = comment_lines(c.group(0))
            if hdr == "vec25519.h" and lines and lines[0].strip() == "@file":
                overview = lines
            end = comments[i + 1].start() if i + 1 < len(comments) else len(text)
            decls = declarations(text[c.end():end])
            if not decls:
                continue
            names = [n for n, _ in decls]
            first = names[0]
            page = [th(first, version), ".SH NAME",
                    roff_text(", ".join(names)) + " \\- " + roff_text(first_sentence(lines)),
                    ".SH SYNOPSIS", ".nf", ".B #include <vec25519.h>", ".PP"]
            for _, d in decls:
                for pl in prototype_lines(d):
                    page.append(roff_text(pl))
            page += [".fi", ".PP", "Link with", ".BR \"pkg\\-config \\-\\-libs vec25519\" ,",
                     "or the CMake target", ".BR vec25519::vec25519 .",
                     ".SH DESCRIPTION"]
            page += roff_paragraphs(lines)
            page += [".PP", "Declared in", ".BR <%s> ." % hdr,
                     ".SH SEE ALSO", ".BR vec25519 (3)"]
            with open(os.path.join(man3, first + ".3"), "w", encoding="ascii") as fh:
                fh.write("\n".join(page) + "\n")
            for n in names[1:]:
                with open(os.path.join(man3, n + ".3"), "w", encoding="ascii") as fh:
                    fh.write(".so man3/%s.3\n" % first)
            pages.append(names)
        if pages:
            by_header.append((hdr, pages))

    page = [th("vec25519", version), ".SH NAME",
            "vec25519 \\- Curve25519 for C: X25519, Ed25519, Ristretto255, hash\\-to\\-curve",
            ".SH SYNOPSIS", ".nf", ".B #include <vec25519.h>", ".fi", ".PP",
            ".B cc app.c $(pkg\\-config \\-\\-cflags \\-\\-libs vec25519)",
            ".SH DESCRIPTION"]
    page += roff_paragraphs(overview)
    page += [".SH FUNCTIONS", "One page per function (or per group of functions documented "
             "together), by header:"]
    for hdr, pages in by_header:
        page += [".TP", ".B <%s>" % hdr]
        page.append(",\n".join(".BR %s (3)" % roff_text(ns[0]) for ns in pages))
    page += [".SH SEE ALSO", ".BR vec25519 (1),",
             "the user's guide (share/doc/vec25519/guide.md)"]
    with open(os.path.join(man3, "vec25519.3"), "w", encoding="ascii") as fh:
        fh.write("\n".join(page) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
