#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks one translation, po/LANG.po.

1. msgfmt --check: the header, the plural formula and every c-format
   string agree with the English ones.
2. The Plural-Forms header is the one this language uses.
3. The .po file is complete: no untranslated and no fuzzy messages.
4. It is complete for the sources as they are now: the strings are
   extracted afresh (xgettext with meson's glib preset, over
   po/POTFILES.in) and merged; a string added to the code since the last
   bitmaze-update-po shows up here as untranslated.
5. Letters that name directions are the language's own compass letters.

Usage: check-po.py SOURCE_ROOT LANG
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

PLURALS = {
    'de': 'nplurals=2; plural=(n != 1);',
    'es': 'nplurals=2; plural=(n != 1);',
    'fr': 'nplurals=2; plural=(n > 1);',
}
# The letters of north, east, south and west, as the C_("direction", ...)
# messages must translate them.
COMPASS = {
    'de': {'N': 'N', 'E': 'O', 'S': 'S', 'W': 'W'},
    'es': {'N': 'N', 'E': 'E', 'S': 'S', 'W': 'O'},
    'fr': {'N': 'N', 'E': 'E', 'S': 'S', 'W': 'O'},
}
# meson's i18n preset 'glib' (mesonbuild/modules/i18n.py).
GLIB_PRESET = [
    '--from-code=UTF-8', '--add-comments',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3',
    '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format',
    '--flag=NC_:2:pass-c-format', '--flag=g_dngettext:2:pass-c-format',
    '--flag=g_strdup_printf:1:c-format', '--flag=g_string_printf:2:c-format',
    '--flag=g_string_append_printf:2:c-format', '--flag=g_error_new:3:c-format',
    '--flag=g_set_error:4:c-format', '--flag=g_markup_printf_escaped:1:c-format',
    '--flag=g_log:3:c-format', '--flag=g_print:1:c-format',
    '--flag=g_printerr:1:c-format', '--flag=g_printf:1:c-format',
    '--flag=g_fprintf:2:c-format', '--flag=g_sprintf:2:c-format',
    '--flag=g_snprintf:3:c-format',
    # the engine's no-op marker (maze.h), as po/meson.build adds it
    '--keyword=MAZE_N_', '--flag=MAZE_N_:1:pass-c-format',
]


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def statistics(po):
    """(translated, fuzzy, untranslated) from msgfmt --statistics."""
    out = run(['msgfmt', '--statistics', '-o', os.devnull, po]).stderr
    counts = []
    for word in ('translated message', 'fuzzy translation', 'untranslated message'):
        m = re.search(r'(\d+) ' + word, out)
        counts.append(int(m.group(1)) if m else 0)
    return tuple(counts)


def list_problems(po):
    """The msgids of the untranslated and the fuzzy messages of @po."""
    found = []
    for option, what in (('--untranslated', 'untranslated'), ('--only-fuzzy', 'fuzzy')):
        out = run(['msgattrib', option, '--no-obsolete', '--no-wrap', po]).stdout
        for m in re.finditer(r'^msgid "(.+)"$', out, flags=re.M):
            found.append(f'  {what}: "{m.group(1)}"')
    return found


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    lang = sys.argv[2]
    po = root / 'po' / f'{lang}.po'
    errors = []

    if not po.is_file():
        print(f'{po} does not exist')
        return 1

    check = run(['msgfmt', '--check', '--check-accelerators=_', '-o', os.devnull, str(po)])
    if check.returncode != 0:
        errors.append('msgfmt --check failed:\n' + check.stderr)

    text = po.read_text(encoding='utf-8')
    m = re.search(r'"Plural-Forms: *([^"\\]*)\\n"', text)
    if not m or m.group(1).strip() != PLURALS[lang]:
        errors.append(f'Plural-Forms should be "{PLURALS[lang]}", is '
                      f'"{m.group(1) if m else "missing"}"')
    if not re.search(r'"Language: %s\\n"' % re.escape(lang), text):
        errors.append(f'the header has no "Language: {lang}"')

    translated, fuzzy, untranslated = statistics(str(po))
    print(f'{lang}.po: {translated} translated, {fuzzy} fuzzy, {untranslated} untranslated')
    if fuzzy or untranslated:
        errors.append(f'{lang}.po is incomplete:\n' + '\n'.join(list_problems(str(po))))

    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'bitmaze.pot')
        merged = os.path.join(tmp, f'{lang}.po')
        xgettext = run(['xgettext', '--package-name=bitmaze', '-D', str(root),
                        '-f', str(root / 'po' / 'POTFILES.in'), '-o', pot]
                       + GLIB_PRESET)
        if xgettext.returncode != 0:
            errors.append('xgettext failed:\n' + xgettext.stderr)
        else:
            merge = run(['msgmerge', '--quiet', '-o', merged, str(po), pot])
            if merge.returncode != 0:
                errors.append('msgmerge failed:\n' + merge.stderr)
            else:
                _, mfuzzy, muntranslated = statistics(merged)
                if mfuzzy or muntranslated:
                    errors.append(f'{lang}.po lacks strings that are in the sources now '
                                  f'(run ninja bitmaze-update-po, then translate):\n'
                                  + '\n'.join(list_problems(merged)))

    for english, letter in COMPASS[lang].items():
        m = re.search(r'^msgctxt "direction"\nmsgid "%s"\nmsgstr "([^"]*)"' % english,
                      text, flags=re.M)
        if m and m.group(1) != letter:
            errors.append(f'direction letter {english} should be {letter}, is {m.group(1)}')

    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
