#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""
check-circles.py: do the files of a folder call or include each other in
a circle?  Two graphs over the .c files under SRC (default src/app):

  calls:    A -> B when A's object file leaves undefined a symbol that
            B's object defines (nm on the objects under BUILD);
  includes: A -> B when A.c, or a header it includes, includes B.h (a
            header is B.c's when they share a name; A's own header, or one
            without a .c of its own, only passes its includes on).

Each strongly connected part of more than one file is a circle; they are
printed, and the exit status is 1 when there is one.

  tests/core/check-circles.py [--build _build] [--source-root .] [--src src/app]

The 'core' suite runs it on the build's objects ('app-circles').
"""
import argparse
import os
import re
import subprocess
import sys


def sccs(nodes, edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            out.append(sorted(part))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return [p for p in out if len(p) > 1]


def nm(paths, undefined):
    """The global symbols each object of @paths leaves undefined, or
    defines: one nm for them all (-A: each line names its file)."""
    args = ['nm', '-A', '-u' if undefined else '--defined-only'] + paths
    text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    syms = {p: set() for p in paths}
    for line in text.splitlines():
        path, _, rest = line.rpartition(': ')
        if path not in syms:
            path, _, rest = line.partition(':')
        parts = rest.split()
        if undefined and len(parts) == 2 and parts[0] == 'U':
            syms[path].add(parts[1])
        elif not undefined and len(parts) == 3 and parts[1] in 'TDBR':
            syms[path].add(parts[2])
    return syms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', default='_build')
    ap.add_argument('--source-root', default='.')
    ap.add_argument('--src', default='src/app')
    opts = ap.parse_args()
    opts.build = os.path.abspath(opts.build)
    os.chdir(opts.source_root)

    sources = {}
    headers = {}
    for root, _, files in os.walk(opts.src):
        for f in files:
            path = os.path.join(root, f)
            if f.endswith('.c'):
                sources[path] = f
            elif f.endswith('.h'):
                headers[f] = path
    found = False

    # calls, from the objects
    objects = {}
    for root, _, files in os.walk(os.path.join(opts.build, opts.src)):
        for f in files:
            if f.endswith('.c.o'):
                # meson names an object after its path: core_bitmaze-x.c.o
                base = f[:-2].split('_')[-1] if '_' in f else f[:-2]
                objects[base] = os.path.join(root, f)
    obj_of = {path: objects[name] for path, name in sources.items() if name in objects}
    nodes = set(obj_of)
    defs = nm(sorted(obj_of.values()), False)
    undefs = nm(sorted(obj_of.values()), True)
    defined, undefined = {}, {}
    for path, obj in obj_of.items():
        for s in defs[obj]:
            defined.setdefault(s, set()).add(path)
        undefined[path] = undefs[obj]
    edges = {p: {q for s in undefined[p] for q in defined.get(s, ()) if q != p}
             for p in nodes}
    missing = sorted(set(sources) - nodes)
    print('calls: %d object files, %d edges' % (len(nodes), sum(map(len, edges.values()))))
    if missing:
        print('  no object for: ' + ' '.join(missing))
    for part in sccs(nodes, edges):
        found = True
        print('  circle of calls: ' + ' <-> '.join(part))
        for p in part:
            for q in sorted(edges[p] & set(part)):
                syms = sorted(s for s in undefined[p] if q in defined.get(s, ()))
                print('    %s calls %s: %s' % (p, q, ', '.join(syms)))

    # includes, from the text
    inc_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

    def includes(path):
        with open(path, encoding='utf-8') as fh:
            return [os.path.basename(h) for h in inc_re.findall(fh.read())]

    def owner(header):
        c = header[:-2] + '.c'
        for path, name in sources.items():
            if name == c and os.path.dirname(path) == os.path.dirname(headers[header]):
                return path
        return None

    inc_edges = {}
    for path in sources:
        seen, todo, out = set(), includes(path), set()
        while todo:
            h = todo.pop()
            if h in seen or h not in headers:
                continue
            seen.add(h)
            c = owner(h)
            if c is not None and c != path:
                out.add(c)
            else:
                todo.extend(includes(headers[h]))
        inc_edges[path] = out
    print('includes: %d files, %d edges' % (len(sources), sum(map(len, inc_edges.values()))))
    for part in sccs(set(sources), inc_edges):
        found = True
        print('  circle of includes: ' + ' <-> '.join(part))
        for p in part:
            for q in sorted(inc_edges[p] & set(part)):
                print('    %s includes %s' % (p, q[:-2] + '.h'))
    if not found:
        print('no circle')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
