#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bitmaze-cli speaks the user's language: its help and its counts.

Runs the built bitmaze-cli with LANGUAGE=LANG and the .mo files of the
build tree (BITMAZE_LOCALEDIR), under the C.UTF-8 locale, so no system
locale needs to be generated.

Usage: check-cli.py BITMAZE_CLI LOCALEDIR LANG
"""
import os
import subprocess
import sys
import tempfile

# What a user of each language reads: the help's heading of the command
# list, and the size line of "info" for one cell and for six (plurals).
EXPECTED = {
    'de': ('Befehle:', '(1 Zelle)', '(6 Zellen)'),
    'es': ('Órdenes:', '(1 celda)', '(6 celdas)'),
    'fr': ('Commandes :', '(1 cellule)', '(6 cellules)'),
}

# What "validate" says of a file that is not a maze, and of one whose
# header announces more bytes than there are: the engine's errors in the
# user's language (src/i18n/bitmaze-error.c).
VALIDATE = {
    'de': ('keine Labyrinth-Datei (falsche Kennung am Dateianfang)',
           'Datei abgeschnitten: {size} Bytes erwartet, {cut} gefunden'),
    'es': ('no es un archivo de laberinto (firma inicial incorrecta)',
           'archivo truncado: se esperaban {size} bytes, hay {cut}'),
    'fr': ('pas un fichier de labyrinthe (signature de début incorrecte)',
           'fichier tronqué : {size} octets attendus, {cut} trouvés'),
}

# bitmaze-cli explain --answer and quiz: a wrong answer explained in the
# language (the mistake's sentence, and what |= does).
EXPLAINED = {
    'de': ('Sie haben stattdessen das Nibble Lösung geändert', 'setzt die Bits der Maske'),
    'fr': ('vous avez modifié le quartet solution à la place', 'met à 1 les bits du masque'),
    'es': ('usted cambió en su lugar el nibble solución', 'pone a 1 los bits de la máscara'),
}


def main():
    cli, localedir, lang = sys.argv[1:4]
    env = dict(os.environ)
    env.pop('LC_MESSAGES', None)
    env.update({'LANGUAGE': lang, 'LC_ALL': 'C.UTF-8', 'LANG': 'C.UTF-8',
                'BITMAZE_LOCALEDIR': localedir})
    commands, one, six = EXPECTED[lang]
    errors = []

    out = subprocess.run([cli, '--help'], env=env, capture_output=True, text=True)
    if out.returncode != 0 or commands not in out.stdout:
        errors.append(f'--help does not show "{commands}":\n{out.stdout}{out.stderr}')
    if 'Commands:' in out.stdout:
        errors.append('--help still shows the English "Commands:"')

    with tempfile.TemporaryDirectory() as tmp:
        for size, want in (('1x1', one), ('3x2', six)):
            path = os.path.join(tmp, size + '.maze')
            gen = subprocess.run([cli, 'generate', '--size', size, '--seed', '7', '-o', path],
                                 env=env, capture_output=True, text=True)
            if gen.returncode != 0:
                errors.append(f'generate {size} failed: {gen.stderr}')
                continue
            info = subprocess.run([cli, 'info', path], env=env, capture_output=True, text=True)
            if info.returncode != 0 or want not in info.stdout:
                errors.append(f'info of a {size} maze does not show "{want}":\n{info.stdout}{info.stderr}')

        not_maze = os.path.join(tmp, 'text.maze')
        with open(not_maze, 'w') as f:
            f.write('hello world\n')
        cut = os.path.join(tmp, 'cut.maze')
        gen = subprocess.run([cli, 'generate', '--size', '2x2', '--seed', '1', '-o', cut],
                             env=env, capture_output=True, text=True)
        size = 0
        if gen.returncode != 0:
            errors.append(f'generate 2x2 failed: {gen.stderr}')
        else:
            with open(cut, 'rb') as f:
                data = f.read()
            with open(cut, 'wb') as f:
                f.write(data[:-1])
            size = len(data)
        for path, want in zip((not_maze, cut), VALIDATE[lang]):
            want = want.format(size=size, cut=size - 1)
            val = subprocess.run([cli, 'validate', path], env=env, capture_output=True, text=True)
            if val.returncode == 0 or want not in val.stdout:
                errors.append(f'validate {path} does not say "{want}":\n{val.stdout}{val.stderr}')
            if 'not a maze file' in val.stdout or 'file truncated' in val.stdout:
                errors.append(f'validate {path} still speaks English: {val.stdout}')

        why, meaning = EXPLAINED[lang]
        exp = subprocess.run([cli, 'explain', 'maze[87] |= W << 12;', '--word', '0x0036',
                              '--answer', '0x0836'], env=env, capture_output=True, text=True)
        if exp.returncode != 0 or why not in exp.stdout or meaning not in exp.stdout:
            errors.append(f'explain does not say "{why}" and "{meaning}":\n{exp.stdout}{exp.stderr}')
        quiz = subprocess.run([cli, 'quiz', '--build', 'prim', '--size', '4x3', '--seed', '1',
                               '--ask', 'words', '--limit', '1', '--color', 'never'],
                              input='0x00C0\n', env=env, capture_output=True, text=True)
        if quiz.returncode != 0 or meaning not in quiz.stdout or 'not-applied' not in quiz.stdout:
            errors.append(f'quiz does not explain a wrong answer with "{meaning}":\n{quiz.stdout}{quiz.stderr}')

        bad = subprocess.run([cli, 'frobnicate'], env=env, capture_output=True, text=True)
        if bad.returncode != 2 or 'frobnicate' not in bad.stderr or 'unknown command' in bad.stderr:
            errors.append(f'an unknown command is not reported in {lang}: {bad.stderr}')

    for e in errors:
        print(e)
    print(f'{lang}: {len(errors)} problems')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
