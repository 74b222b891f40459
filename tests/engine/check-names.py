#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when an algorithm's name is spelled anywhere in src/ but in its
descriptor.

The names of the generators and solvers are the `.name` and `.alias`
fields of the descriptors under src/engine; every other file reads them
from the registry (maze_generators[], maze_solvers[]).  A string literal
(outside comments) that spells a name anywhere else in src/ is a second
spelling, which this check reports: a literal that is the name, with or
without a parameter ("corridor:20"), a literal without spaces that holds
it ("--solver=dfs"), or one that names two algorithms or more (a list
such as "dfs, bfs").  "corridor" or "junction" as plain English words
in a sentence are not names.

Usage: check-names.py SOURCE_ROOT
"""
import pathlib
import re
import sys

FIELD = re.compile(r'^\s*\.(?:name|alias)\s*=\s*"([^"]+)"', re.M)


def literals(text):
    """(line, contents) of every string literal of C @text, comments and
    character constants skipped."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            i = n if j < 0 else j + 2
        elif text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text[i] in '"\'':
            quote, j, s = text[i], i + 1, ''
            while j < n and text[j] != quote:
                step = 2 if text[j] == '\\' else 1
                s += text[j:j + step]
                j += step
            if quote == '"':
                out.append((text.count('\n', 0, i) + 1, s))
            i = j + 1
        else:
            i += 1
    return out


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.').resolve()
    files = sorted(p for p in (root / 'src').rglob('*')
                   if p.is_file() and p.suffix in ('.c', '.h'))
    names = []
    for p in (root / 'src' / 'engine').rglob('*.c'):
        names += FIELD.findall(p.read_text(encoding='utf-8'))
    found = {f: literals(f.read_text(encoding='utf-8', errors='replace')) for f in files}

    unique = sorted(set(names))
    words = {name: re.compile(r'(?<![A-Za-z0-9_:-])' + re.escape(name) + r'(?![A-Za-z0-9_-])')
             for name in unique}

    def spells(name, s):
        if s in unique:
            return s == name  # a descriptor's own field, or another's
        if re.fullmatch(re.escape(name) + r'(:[^:\s]*)?', s):
            return True
        if not words[name].search(s):
            return False
        others = sum(1 for other in unique if words[other].search(s))
        return not re.search(r'\s', s) or others >= 2

    problems = []
    for name in unique:
        hits = [f'{f.relative_to(root)}:{line}: "{s}"'
                for f, lits in found.items() for line, s in lits if spells(name, s)]
        if len(hits) != 1:
            problems.append(f'{name}: spelled in {len(hits)} places\n    ' + '\n    '.join(hits))
    for p in problems:
        print(p)
    print(f'{len(set(names))} algorithm names, {len(problems)} spelled elsewhere too')
    return 1 if problems or len(names) < 2 else 0


if __name__ == '__main__':
    sys.exit(main())
