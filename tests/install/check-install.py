#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What `meson install` puts on a system, checked in a DESTDIR.

1. The manual pages bitmaze-cli.1 (and bitmaze.1 with the app) land in
   man1, and every option of every `--help` is in them: a command's
   options in that command's section of bitmaze-cli(1).
2. The shell completions land where bash-completion (its pkg-config
   completionsdir), zsh (site-functions) and fish (vendor_completions.d)
   look, and, run by the real shells where installed, they offer every
   command, every option of every command, every generator and solver
   name of `--list`, every shape of `generate --list-shapes` for --shape
   ("text:" for "text:WORD"), any file for --mask, and .maze files (not
   other files) for a MAZE-FILE.

Usage: check-install.py --meson MESON --builddir DIR [--app APP]
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

FAILURES = []
ENV = dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE='')
ENV.pop('NO_COLOR', None)


def fail(message):
    FAILURES.append(message)
    print('FAIL:', message)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, env=kw.pop('env', ENV), **kw)


# ---- what the programs say ----

OPTION_LINE = re.compile(r'^ +(?:(-[A-Za-z]), )?(--[A-Za-z0-9][A-Za-z0-9-]*)')
HELP_OPTIONS = {'-h', '--help', '--help-all', '--help-gapplication'}


def help_options(text):
    """The options of a GOption --help text, short and long."""
    options = []
    for line in text.splitlines():
        m = OPTION_LINE.match(line)
        if m:
            options += [o for o in m.groups() if o]
    return options


def cli_commands(cli):
    text = run([cli, '--help']).stdout
    section = text.split('Commands:\n', 1)[1].split('\n\n', 1)[0]
    return [line.split()[0] for line in section.splitlines() if line.strip()]


def cli_names(cli, kind):
    return [line.split()[0] for line in run([cli, kind, '--list']).stdout.splitlines()
            if line.strip()]


def cli_shapes(cli):
    """The values of --shape, a form "text:WORD" as its prefix "text:"."""
    names = [line.split()[0] for line in run([cli, 'generate', '--list-shapes']).stdout.splitlines()
             if line.strip()]
    return [re.sub(r':[A-Z]+$', ':', name) for name in names]


# ---- manual pages ----

def roff_text(path):
    """The words of a roff page, without font changes and escapes."""
    text = path.read_text()
    text = re.sub(r'\\f[BIRP]|\\f\[[A-Z]*\]', '', text)
    return text.replace('\\-', '-').replace('\\(em', '-').replace('\\&', '')


def sections(text):
    """{.SS heading: text} of a roff page."""
    found = {}
    for part in re.split(r'^\.SS ', text, flags=re.M)[1:]:
        heading, _, body = part.partition('\n')
        found[heading.strip().strip('"')] = re.split(r'^\.SH ', body, flags=re.M)[0]
    return found


def mentions(text, option):
    return re.search(r'(?<![\w-])' + re.escape(option) + r'(?![\w-])', text) is not None


def check_cli_page(page, cli):
    text = roff_text(page)
    parts = sections(text)
    for command in cli_commands(cli):
        if command not in parts:
            fail(f'{page.name}: no section for the command {command}')
            continue
        for option in help_options(run([cli, command, '--help']).stdout):
            where = text if option in HELP_OPTIONS else parts[command]
            if not mentions(where, option):
                fail(f'{page.name}: {command} {option} is not in its section')
    for option in ('--version', '-V', '--help', '-h'):
        if not mentions(text, option):
            fail(f'{page.name}: {option} is missing')
    for heading in ('EXIT STATUS', 'FILES', 'EXAMPLES', 'ENVIRONMENT'):
        if not re.search(r'^\.SH "?' + heading, text, flags=re.M):
            fail(f'{page.name}: no {heading} section')


def check_app_page(page, app, env):
    text = roff_text(page)
    options = help_options(run([app, '--help-all'], env=env).stdout)
    if not options:
        fail(f'{app} --help-all listed no option')
    for option in options:
        if not mentions(text, option):
            fail(f'{page.name}: {option} is missing')
    for heading in ('EXIT STATUS', 'FILES', 'EXAMPLES'):
        if not re.search(r'^\.SH "?' + heading, text, flags=re.M):
            fail(f'{page.name}: no {heading} section')


# ---- completions ----

def bash_complete(script, words, cwd, env):
    """COMPREPLY for the command line @words (the last one is the word
    being completed), through bash-completion and the installed script."""
    program = (
        'source /usr/share/bash-completion/bash_completion\n'
        f'source "{script}"\n'
        'COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))\n'
        'COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}\n'
        '_bitmaze_cli\n'
        'printf "%s\\n" "${COMPREPLY[@]}"\n')
    out = run(['bash', '-c', program, 'bash'] + words, cwd=cwd, env=env).stdout
    return [w for w in out.splitlines() if w]


def fish_complete(script, words, cwd, env):
    line = ' '.join(words)
    out = run(['fish', '--no-config', '-c', f'source "{script}"; complete -C"{line}"'],
              cwd=cwd, env=env).stdout
    return [w.split('\t')[0] for w in out.splitlines() if w]


def check_completion(shell, complete, script, cli, cwd, env):
    commands = cli_commands(cli)
    got = complete(script, ['bitmaze-cli', ''], cwd, env)
    for command in commands:
        if command not in got:
            fail(f'{shell}: command {command} not offered: {got}')
    for command in commands:
        options = help_options(run([cli, command, '--help']).stdout)
        got = set(complete(script, ['bitmaze-cli', command, '-'], cwd, env))
        got |= set(complete(script, ['bitmaze-cli', command, '--'], cwd, env))
        for option in options:
            if option not in got:
                fail(f'{shell}: {command} {option} not offered')
    generators = cli_names(cli, 'generate')
    solvers = cli_names(cli, 'solve')
    for words, names in ((['generate', '--algorithm'], generators),
                         (['animate', '--build'], generators),
                         (['quiz', '--build'], generators),
                         (['quiz', '-S'], solvers),
                         (['solve', '--solver'], solvers),
                         (['render', '-S'], solvers)):
        got = complete(script, ['bitmaze-cli'] + words + [''], cwd, env)
        if sorted(got) != sorted(names):
            fail(f'{shell}: {" ".join(words)} offers {got}, not {names}')
    shapes = cli_shapes(cli)
    if 'heart' not in shapes or 'text:' not in shapes:
        fail(f'generate --list-shapes gives {shapes}')
    for command in ('generate', 'worksheet', 'animate', 'quiz'):
        got = complete(script, ['bitmaze-cli', command, '--shape', ''], cwd, env)
        if sorted(got) != sorted(shapes):
            fail(f'{shell}: {command} --shape offers {got}, not {shapes}')
    got = complete(script, ['bitmaze-cli', 'generate', '--shape', 'he'], cwd, env)
    if got != ['heart']:
        fail(f'{shell}: generate --shape he offers {got}')
    got = complete(script, ['bitmaze-cli', 'generate', '--mask', ''], cwd, env)
    if 'a.maze' not in got or 'notes.txt' not in got:
        fail(f'{shell}: generate --mask offers {got}')
    got = complete(script, ['bitmaze-cli', 'info', ''], cwd, env)
    if 'a.maze' not in got or 'notes.txt' in got:
        fail(f'{shell}: info MAZE-FILE offers {got}')
    print(f'{shell}: {len(commands)} commands, their options, '
          f'{len(generators)} generators, {len(solvers)} solvers, {len(shapes)} shapes, '
          f'.maze files, mask files: ok')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--meson', required=True)
    parser.add_argument('--builddir', required=True)
    parser.add_argument('--app')
    args = parser.parse_args()

    options = {o['name']: o['value'] for o in json.loads(
        run([args.meson, 'introspect', '--buildoptions', args.builddir]).stdout)}
    prefix = pathlib.PurePath(options['prefix'])
    with tempfile.TemporaryDirectory(prefix='bitmaze-install-') as tmp:
        destdir = pathlib.Path(tmp) / 'root'
        result = run([args.meson, 'install', '-C', args.builddir, '--no-rebuild',
                      '--quiet', '--destdir', str(destdir)])
        if result.returncode != 0:
            print(result.stdout, result.stderr)
            fail('meson install failed')
            return 1
        root = destdir / prefix.relative_to(prefix.anchor)
        datadir = root / options['datadir']
        mandir = root / options['mandir']
        cli = root / options['bindir'] / 'bitmaze-cli'
        if not cli.exists():
            fail(f'no {cli}')
            return 1
        env = dict(ENV, PATH=f'{cli.parent}:{os.environ.get("PATH", "")}')

        man1 = mandir / 'man1'
        if (man1 / 'bitmaze-cli.1').exists():
            check_cli_page(man1 / 'bitmaze-cli.1', str(cli))
            print('bitmaze-cli.1: every option of every command: ok')
        else:
            fail(f'no {man1 / "bitmaze-cli.1"}')
        if args.app:
            if (man1 / 'bitmaze.1').exists():
                app_env = dict(ENV, GSETTINGS_SCHEMA_DIR=str(pathlib.Path(args.builddir) / 'data'),
                               GSETTINGS_BACKEND='memory')
                check_app_page(man1 / 'bitmaze.1', args.app, app_env)
                print('bitmaze.1: every option: ok')
            else:
                fail(f'no {man1 / "bitmaze.1"}')

        bash_dir = run(['pkg-config', '--define-variable=datadir=' + str(prefix / options['datadir']),
                        '--variable=completionsdir', 'bash-completion']).stdout.strip()
        bash_dir = pathlib.PurePath(bash_dir) if bash_dir else prefix / options['datadir'] / 'bash-completion' / 'completions'
        scripts = {
            'bash': destdir / bash_dir.relative_to(bash_dir.anchor) / 'bitmaze-cli',
            'zsh': datadir / 'zsh' / 'site-functions' / '_bitmaze-cli',
            'fish': datadir / 'fish' / 'vendor_completions.d' / 'bitmaze-cli.fish',
        }
        for shell, script in scripts.items():
            if not script.exists():
                fail(f'{shell}: no {script}')

        files = pathlib.Path(tmp) / 'files'
        (files / 'sub').mkdir(parents=True)
        (files / 'a.maze').write_bytes(b'')
        (files / 'notes.txt').write_text('not a maze\n')
        if shutil.which('bash') and os.path.exists('/usr/share/bash-completion/bash_completion') \
           and scripts['bash'].exists():
            check_completion('bash', bash_complete, scripts['bash'], str(cli), files, env)
        else:
            print('SKIP bash: bash-completion is not installed')
        if shutil.which('fish') and scripts['fish'].exists():
            check_completion('fish', fish_complete, scripts['fish'], str(cli), files, env)
        else:
            print('SKIP fish: not installed')
        if shutil.which('zsh') and scripts['zsh'].exists():
            result = run(['zsh', '-n', str(scripts['zsh'])])
            if result.returncode != 0:
                fail('zsh: ' + result.stderr)
            else:
                print('zsh: the script parses: ok')
        else:
            print('SKIP zsh: not installed')

    print(f'{len(FAILURES)} failures')
    return 1 if FAILURES else 0


if __name__ == '__main__':
    sys.exit(main())
