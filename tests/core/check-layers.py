#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""
check-layers.py: the app's model keeps the shape it was given.

  - no file under src/app/core/ includes GTK or libadwaita;
  - no .c file under src/app/core/ is longer than 1,000 lines;
  - the session's private struct has at most 20 fields;
  - the frame's pacing constant FRAME_WORK_US is defined in one place;
  - no file of src/engine/ outside generators/ and solvers/ includes a
    header of those folders, and the engine installs no signal handler.

  tests/core/check-layers.py SOURCE-ROOT

Prints what breaks a rule; exit status 1 when one does.
"""
import os
import re
import sys

MAX_LINES = 1000
MAX_FIELDS = 20


def files(root, ext):
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(ext):
                yield os.path.join(folder, name)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    core = os.path.join(root, "src/app/core")
    engine = os.path.join(root, "src/engine")
    broken = []

    for path in list(files(core, ".c")) + list(files(core, ".h")):
        text = open(path, encoding="utf-8").read()
        if re.search(r'#\s*include\s*[<"](gtk/gtk\.h|adwaita\.h)', text):
            broken.append("%s includes GTK or libadwaita" % path)
        if path.endswith(".c") and text.count("\n") > MAX_LINES:
            broken.append("%s has %d lines (at most %d)" % (path, text.count("\n"), MAX_LINES))

    session = open(os.path.join(core, "bitmaze-session.c"), encoding="utf-8").read()
    struct = re.search(r"struct _BitmazeSession\s*\{(.*?)\n\};", session, re.S)
    if struct is None:
        broken.append("bitmaze-session.c: struct _BitmazeSession not found")
    else:
        body = re.sub(r"/\*.*?\*/", "", struct.group(1), flags=re.S)
        fields = [f for f in body.split(";") if f.strip() and "parent_instance" not in f]
        if len(fields) > MAX_FIELDS:
            broken.append("the session's struct has %d fields (at most %d)" % (len(fields), MAX_FIELDS))

    defined = [p for p in files(os.path.join(root, "src"), ".c")
               if re.search(r"#\s*define\s+FRAME_WORK_US\b", open(p, encoding="utf-8").read())]
    defined += [p for p in files(os.path.join(root, "src"), ".h")
                if re.search(r"#\s*define\s+FRAME_WORK_US\b", open(p, encoding="utf-8").read())]
    if len(defined) != 1:
        broken.append("FRAME_WORK_US is defined in %d places: %s" % (len(defined), ", ".join(defined)))

    for path in list(files(engine, ".c")) + list(files(engine, ".h")):
        rel = os.path.relpath(path, engine)
        text = open(path, encoding="utf-8").read()
        if not rel.startswith(("generators" + os.sep, "solvers" + os.sep)):
            if re.search(r'#\s*include\s*"(generators|solvers)/|#\s*include\s*"(generator|solver)-private\.h"', text):
                broken.append("%s includes a header of generators/ or solvers/" % path)
        if re.search(r"\bsigaction\s*\(|\bsignal\s*\(\s*SIG", text):
            broken.append("%s installs a signal handler" % path)

    for line in broken:
        print(line)
    if not broken:
        print("the core's layers hold")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
