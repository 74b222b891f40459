#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# build-aux/dev.sh: set up, build, run and test Bitmaze on Debian 12 / Ubuntu.
#
#   build-aux/dev.sh run      install what is missing, build, launch the app
#   build-aux/dev.sh test     install what is missing, build, run every suite
#   build-aux/dev.sh deps     only install the packages
#   build-aux/dev.sh build    only (re)build into _build
#   build-aux/dev.sh gates    what CI runs: the suite, then ASan, valgrind,
#                             fuzzing, cppcheck and the long run (see
#                             build-aux/ci-gates.sh; about 15 minutes)
#
# Environment: BUILDDIR (default _build), MESON_ARGS (extra `meson setup`
# arguments), TEST_ARGS (extra `meson test` arguments, e.g. "--suite engine").
set -eu

cd "$(dirname "$0")/.."
BUILDDIR=${BUILDDIR:-_build}

# Debian package names, from docs/ENVIRONMENT: the build (giflib for GIFs,
# json-glib for --json and the class session, scdoc for the manual pages),
# the headless GUI tests (Xvfb, D-Bus, xdotool), data validation, the shells
# whose completions are tried, and the checking tools; the class session's
# libsoup, libqrencode and ICU (whose spoof checker tells names that look
# alike), and zbarimg, which reads its QR code back;
# poppler-utils, whose pdftotext reads worksheets' answer keys back;
# libseccomp, the system-call filter that confines the lab's student code.
PACKAGES="gcc pkg-config python3 meson ninja-build gettext zlib1g-dev
  libglib2.0-dev libglib2.0-dev-bin libgtk-4-dev libgtk-4-bin libadwaita-1-dev
  libgif-dev libjson-glib-dev scdoc
  librsvg2-common desktop-file-utils appstream
  bash-completion zsh fish
  xvfb xauth xdotool dbus-x11 imagemagick
  libsoup-3.0-dev libqrencode-dev libicu-dev zbar-tools
  libseccomp-dev poppler-utils"
# The browser test of the student page (suite 'web'): Chromium, and
# playwright-core from npm (pinned in tests/web/package-lock.json).  Where
# Chromium cannot be installed the test skips, and nothing else fails.
WEB_PACKAGES="chromium"

deps ()
{
  missing=""
  for p in $PACKAGES ${EXTRA_PACKAGES:-}; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
      missing="$missing $p"
    fi
  done
  [ -z "$missing" ] && return 0
  echo "Installing:$missing" >&2
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
  else
    SUDO="sudo"
  fi
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >&2
}

sudo_if_needed ()
{
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  else
    sudo "$@"
  fi
}

# Chromium (apt) and playwright-core (npm ci into tests/web/node_modules,
# never committed) for the web suite.
web_deps ()
{
  for p in $WEB_PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
      echo "Installing: $p" >&2
      sudo_if_needed apt-get update -qq
      DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq --no-install-recommends "$p" >&2 ||
        echo "$p could not be installed: the web suite will skip its browser test" >&2
    fi
  done
  if ! command -v npm >/dev/null 2>&1; then
    echo "Installing: nodejs npm" >&2
    DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq --no-install-recommends nodejs npm >&2
  fi
  if [ ! -f tests/web/node_modules/.package-lock.json ] ||
     [ tests/web/package-lock.json -nt tests/web/node_modules/.package-lock.json ]; then
    echo "Installing playwright-core into tests/web/node_modules (npm ci)" >&2
    npm ci --prefix tests/web --ignore-scripts --no-audit --no-fund >&2
  fi
}

build ()
{
  if [ -f "$BUILDDIR/build.ninja" ]; then
    # shellcheck disable=SC2086
    meson setup --reconfigure "$BUILDDIR" ${MESON_ARGS:-} >/dev/null
  else
    # shellcheck disable=SC2086
    meson setup "$BUILDDIR" ${MESON_ARGS:-}
  fi
  meson compile -C "$BUILDDIR"
}

# Print "N passed, N failed, N skipped" from meson's testlog.json; fail when
# any test failed (or none ran).
summary ()
{
  python3 - "$BUILDDIR/meson-logs/testlog.json" <<'PY'
import json, sys
counts = {"passed": 0, "failed": 0, "skipped": 0}
try:
    with open(sys.argv[1]) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line).get("result")
            if r in ("OK", "EXPECTEDFAIL"):
                counts["passed"] += 1
            elif r == "SKIP":
                counts["skipped"] += 1
            else:
                counts["failed"] += 1
except FileNotFoundError:
    pass
print("%d passed, %d failed, %d skipped" % (counts["passed"], counts["failed"], counts["skipped"]))
sys.exit(1 if counts["failed"] or counts["passed"] == 0 else 0)
PY
}

run_tests ()
{
  status=0
  # For a sanitizer build (MESON_ARGS=-Db_sanitize=address,undefined): full
  # stacks, and LeakSanitizer without fontconfig's process-long caches.
  # Ignored by other builds.
  ASAN_OPTIONS=${ASAN_OPTIONS:-fast_unwind_on_malloc=0:halt_on_error=1:abort_on_error=1:print_summary=1}
  LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/valgrind/lsan.supp:print_suppressions=0}
  export ASAN_OPTIONS LSAN_OPTIONS
  # web_deps installed playwright-core: the browser test may skip only
  # where Chromium is missing.
  BITMAZE_REQUIRE_BROWSER_TEST=1
  export BITMAZE_REQUIRE_BROWSER_TEST
  # -noreset: by default Xvfb resets whenever its last client leaves, and
  # a test that connects during the reset (the next one, on a busy
  # machine) fails with "cannot open display".
  # shellcheck disable=SC2086
  dbus-run-session -- xvfb-run -a -s '-screen 0 1280x1024x24 -noreset' \
    meson test -C "$BUILDDIR" --print-errorlogs ${TEST_ARGS:-} || status=$?
  summary || status=1
  return $status
}

case "${1:-}" in
  deps)
    deps
    web_deps
    ;;
  build)
    deps
    build
    ;;
  test)
    deps
    web_deps
    build
    run_tests
    ;;
  gates)
    shift
    exec build-aux/ci-gates.sh "$@"
    ;;
  run)
    deps
    build
    if [ -x "$BUILDDIR/src/app/bitmaze" ]; then
      GSETTINGS_SCHEMA_DIR="$PWD/$BUILDDIR/data" exec "$BUILDDIR/src/app/bitmaze"
    fi
    # Until the app is built: a generated and solved maze in the terminal.
    "$BUILDDIR/src/cli/bitmaze-cli" generate --size 20x10 --seed 42 -o "$BUILDDIR/demo.maze"
    "$BUILDDIR/src/cli/bitmaze-cli" solve "$BUILDDIR/demo.maze" --solver bfs -o "$BUILDDIR/demo.maze"
    exec "$BUILDDIR/src/cli/bitmaze-cli" render "$BUILDDIR/demo.maze" --text
    ;;
  *)
    sed -n '4,15p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
