#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when po/POTFILES.in and the sources disagree.

Every .c and .ui file under src/ that marks a string for translation
(_(), N_(), the engine's MAZE_N_(), C_(), NC_(), ngettext, g_dngettext,
translatable="yes") must
be listed, and so must every file under data/ whose format xgettext
translates by itself (.desktop.in, .metainfo.xml.in, .gschema.xml,
.mime.xml).  Every listed file must exist and have something to translate.

Usage: check-potfiles.py SOURCE_ROOT
"""
import pathlib
import re
import sys

MARKS_C = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|MAZE_N_|C_|NC_|Q_|ngettext|g_dngettext|'
                     r'g_dgettext|g_dpgettext2|pgettext|npgettext)\s*\(')
MARKS_UI = re.compile(r'translatable\s*=\s*"(?:yes|true|1)"')
DATA_SUFFIXES = ('.desktop.in', '.metainfo.xml.in', '.appdata.xml.in',
                 '.gschema.xml', '.mime.xml', '.mime.xml.in')


def strip_c_comments_and_includes(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    return re.sub(r'^\s*#\s*(?:include|define)[^\n]*', ' ', text, flags=re.M)


def translatable(path):
    name = path.name
    if name.endswith(DATA_SUFFIXES):
        return True
    text = path.read_text(encoding='utf-8', errors='replace')
    if name.endswith('.ui'):
        return MARKS_UI.search(text) is not None
    if name.endswith('.c'):
        return MARKS_C.search(strip_c_comments_and_includes(text)) is not None
    return False


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.').resolve()
    listed = []
    for line in (root / 'po' / 'POTFILES.in').read_text(encoding='utf-8').splitlines():
        line = line.strip()
        if line and not line.startswith('#'):
            listed.append(line)

    candidates = sorted(p for p in (root / 'src').rglob('*')
                        if p.is_file() and p.suffix in ('.c', '.ui'))
    candidates += sorted(p for p in (root / 'data').glob('*')
                         if p.is_file() and p.name.endswith(DATA_SUFFIXES))
    wanted = [p.relative_to(root).as_posix() for p in candidates if translatable(p)]

    problems = []
    for rel in wanted:
        if rel not in listed:
            problems.append(f'{rel}: has translatable strings but is missing from po/POTFILES.in')
    for rel in listed:
        path = root / rel
        if not path.is_file():
            problems.append(f'po/POTFILES.in: {rel} does not exist')
        elif not translatable(path):
            problems.append(f'po/POTFILES.in: {rel} has no translatable strings')
    if listed != sorted(listed):
        problems.append('po/POTFILES.in: not sorted alphabetically')
    if len(set(listed)) != len(listed):
        problems.append('po/POTFILES.in: a file is listed twice')

    for p in problems:
        print(p)
    print(f'{len(wanted)} files with translatable strings, {len(listed)} listed, '
          f'{len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
