#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# build-aux/ci-gates.sh: the quality gates CI runs after the normal suite.
#
#   build-aux/ci-gates.sh [GATE...]    default: every gate, in this order
#
#   suite     the normal suite: build-aux/dev.sh test (the README's command)
#   asan      the whole suite (GUI included, under Xvfb) built with
#             -Db_sanitize=address,undefined; LeakSanitizer on
#   valgrind  the engine, format, render, core, net (the class server) and GUI
#             suites under valgrind memcheck (meson test --setup valgrind);
#             any error or definite leak fails.  The GUI tests run in two
#             halves at once, each on its own Xvfb (see gui_halves); their
#             translated runs (suite i18n) are left to the other gates
#   fuzz      the .maze reader's two libFuzzer targets (clang), side by
#             side for FUZZ_SECONDS (default 60) each, over copies of
#             tests/fuzz/corpus
#   static    cppcheck over src/ (build-aux/cppcheck.cfg); any finding fails
#   longrun   the app through Run -> Reset -> New maze 3000 times under Xvfb;
#             its memory must not grow (suite 'longrun')
#   dist      meson dist makes the release tarball; unpacked in a folder of
#             its own it must set up, build (app included) and pass the
#             suites that need no display (all but gui and longrun)
#
# Every gate leaves its results in $BUILDDIR/meson-logs/gates/, then one
# line "N passed, N failed, N skipped" counts ALL of them: the normal
# suite, the ASan suite, the valgrind runs, the long run, the suites of
# the tarball's build, and the fuzz run
# and the static analysis as one test each (a build that fails counts as
# one failed test).
# The exit status is non-zero when anything failed.
#
# Environment: BUILDDIR (default _build: the normal build, also used for
# valgrind and the long run), GATES_PREFIX (default _build: the ASan and
# fuzz builds go to ${GATES_PREFIX}-asan and ${GATES_PREFIX}-fuzz, the
# unpacked tarball to ${GATES_PREFIX}-dist),
# FUZZ_SECONDS (default 60).
set -u

cd "$(dirname "$0")/.."
BUILDDIR=${BUILDDIR:-_build}
GATES_PREFIX=${GATES_PREFIX:-_build}
ASAN_DIR=${GATES_PREFIX}-asan
FUZZ_DIR=${GATES_PREFIX}-fuzz
DIST_DIR=${GATES_PREFIX}-dist
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
RESULTS=$BUILDDIR/meson-logs/gates

# -noreset: without it Xvfb resets when its last client leaves, and a
# test connecting meanwhile fails with "cannot open display".
XVFB="dbus-run-session -- xvfb-run -a -s '-screen 0 1280x1024x24 -noreset'"

log ()
{
  printf '\n=== %s ===\n' "$*" >&2
}

# Record one result that is not a meson test (a build, the fuzz run, the
# static analysis) in meson's testlog.json format.
record ()
{
  mkdir -p "$RESULTS"
  printf '{"name": "%s", "result": "%s"}\n' "$1" "$2" >> "$RESULTS/gates.json"
}

# Keep the testlog.json of a meson test run under a name of its own (meson
# overwrites it on the next run of the same setup).
keep_log ()
{
  mkdir -p "$RESULTS"
  if [ -f "$1" ]; then
    cp "$1" "$RESULTS/$2.json"
  else
    record "$2 (no test log)" FAIL
  fi
}

# meson setup (or reconfigure) and build; records a failure when it fails.
build_dir ()
{
  dir=$1
  name=$2
  shift 2
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@" >/dev/null
  fi && meson compile -C "$dir" >/dev/null 2>"$RESULTS/$name-build.err"
  rc=$?
  if [ $rc -ne 0 ]; then
    cat "$RESULTS/$name-build.err" >&2
    record "$name build" FAIL
  fi
  return $rc
}

deps ()
{
  EXTRA_PACKAGES="valgrind clang libclang-rt-14-dev cppcheck" build-aux/dev.sh deps
}

gate_suite ()
{
  log "normal build: whole suite (build-aux/dev.sh test)"
  rm -f "$BUILDDIR/meson-logs/testlog.json"
  BUILDDIR=$BUILDDIR build-aux/dev.sh test >&2
  keep_log "$BUILDDIR/meson-logs/testlog.json" suite
}

gate_asan ()
{
  log "ASan + UBSan build: whole suite"
  # The README's sanitizer command for everything but the GUI suite; dev.sh
  # sets ASAN_OPTIONS and LSAN_OPTIONS (tests/valgrind/lsan.supp), meson
  # makes every UBSan report fatal.  The GUI suite then runs in two halves
  # (gui_halves) with the same settings.
  rm -f "$ASAN_DIR/meson-logs/testlog.json"
  BUILDDIR=$ASAN_DIR MESON_ARGS="-Db_sanitize=address,undefined" \
    TEST_ARGS="--timeout-multiplier 3 --no-suite gui" build-aux/dev.sh test >&2
  keep_log "$ASAN_DIR/meson-logs/testlog.json" asan
  (
    ASAN_OPTIONS=fast_unwind_on_malloc=0:halt_on_error=1:abort_on_error=1:print_summary=1
    LSAN_OPTIONS=suppressions=$PWD/tests/valgrind/lsan.supp:print_suppressions=0
    export ASAN_OPTIONS LSAN_OPTIONS
    gui_halves "$ASAN_DIR" asan-gui --timeout-multiplier 3 --suite gui
  )
}

# The GUI tests that click and type need the keyboard focus, so meson runs
# them alone (is_parallel: false) and, under valgrind or ASan, one core
# idles for most of the gate.  gui_halves runs the GUI tests as two meson
# runs at once, each on an X server and a D-Bus session of its own, so each
# half's focus is its own: the tests named in GUI_HALF_B (about half of the
# time) in one, every other one in the other, so a new test is never left
# out.  Each half keeps its own test log (RESULTS/LABEL-a.json, -b.json).
# Under valgrind each half runs one test at a time (--num-processes 1), so
# no two GTK programs share an X server: one window's selection changing
# made GTK in another start reads of it (the X11 clipboard's targets) that
# were still pending when that test ended, and valgrind counted them lost.
#   gui_halves DIR LABEL [meson test options...]
GUI_HALF_B="lesson predict classroom step-back inspector class-window windows"
gui_halves ()
{
  dir=$1
  label=$2
  shift 2
  half_a=""
  half_b=""
  for t in $(meson test -C "$dir" --list "$@" 2>/dev/null | sed -n 's|^[^ ]* / ||p'); do
    case " $GUI_HALF_B " in
      *" $t "*) half_b="$half_b $t" ;;
      *) half_a="$half_a $t" ;;
    esac
  done
  if [ -z "$half_a$half_b" ]; then
    record "$label: no GUI test listed" FAIL
    return 1
  fi
  # Two X servers: -n gives each its own first display number to try, so
  # the two never race for the same one.
  for half in a b; do
    if [ $half = a ]; then names=$half_a; display=91; else names=$half_b; display=131; fi
    [ -n "$names" ] || continue
    sh -c "dbus-run-session -- xvfb-run -a -n $display -s '-screen 0 1280x1024x24 -noreset' \
      meson test -C '$dir' --no-rebuild --logbase '$label-$half' --print-errorlogs $* $names" \
      >"$RESULTS/$label-$half.log" 2>&1 &
  done
  wait
  for half in a b; do
    [ -f "$RESULTS/$label-$half.log" ] || continue
    cat "$RESULTS/$label-$half.log" >&2
    log=$(ls "$dir/meson-logs/$label-$half"*.json 2>/dev/null | head -n 1)
    keep_log "${log:-$dir/meson-logs/$label-$half.json}" "$label-$half"
    rm -f "$dir/meson-logs/$label-$half"*.json
  done
}

gate_valgrind ()
{
  log "valgrind memcheck: engine, format, render, core, net and GUI suites"
  [ -f "$BUILDDIR/build.ninja" ] || build_dir "$BUILDDIR" normal || return 1
  meson compile -C "$BUILDDIR" >/dev/null || { record "valgrind build" FAIL; return 1; }
  rm -f "$BUILDDIR/meson-logs/testlog-valgrind.json"
  meson test -C "$BUILDDIR" --setup valgrind --print-errorlogs \
    --suite engine --suite format --suite render --suite core --suite net >&2
  keep_log "$BUILDDIR/meson-logs/testlog-valgrind.json" valgrind-engine
  # The GUI suite but its translated runs (suite i18n): they run the same
  # code in another language, and the ASan gate runs them.
  gui_halves "$BUILDDIR" valgrind-gui --setup valgrind --num-processes 1 --suite gui --no-suite i18n
}

# One libFuzzer target for FUZZ_SECONDS over its own copy of the seed
# corpus; prints and records its result.
fuzz_target ()
{
  target=$1
  label=$2
  corpus=$FUZZ_DIR/corpus-$target
  rm -rf "$corpus"
  mkdir -p "$corpus" "$FUZZ_DIR/fuzz-artifacts"
  cp tests/fuzz/corpus/* "$corpus/"
  if "$FUZZ_DIR/tests/fuzz/$target" -max_total_time="$FUZZ_SECONDS" \
       -print_final_stats=1 -dict=tests/fuzz/maze.dict -max_len=4096 \
       -artifact_prefix="$FUZZ_DIR/fuzz-artifacts/$target-" "$corpus" \
       >"$RESULTS/$target.log" 2>&1; then
    grep -E '^(Done|stat::number_of_executed_units|stat::new_units_added)' "$RESULTS/$target.log" >&2
    record "fuzz $label ($FUZZ_SECONDS s)" OK
  else
    tail -n 60 "$RESULTS/$target.log" >&2
    echo "The input that failed is in $FUZZ_DIR/fuzz-artifacts/; see tests/fuzz/README.md" >&2
    record "fuzz $label ($FUZZ_SECONDS s)" FAIL
    return 1
  fi
}

gate_fuzz ()
{
  log "libFuzzer: the .maze readers and writers for $FUZZ_SECONDS s"
  (CC=clang; export CC
   build_dir "$FUZZ_DIR" fuzz -Dfuzzing=true -Dapp=false -Db_lundef=false \
     -Db_sanitize=address,undefined) || return 1
  rm -rf "$FUZZ_DIR/fuzz-artifacts"
  # The two targets side by side, one a core: the gate takes no longer
  # than with one.
  fuzz_target fuzz-maze-reader "maze reader (memory, stdio)" &
  reader=$!
  fuzz_target fuzz-maze-fd "maze files (descriptors, writers)"
  fd_status=$?
  wait $reader && [ $fd_status -eq 0 ]
}

gate_static ()
{
  log "cppcheck over src/"
  # warning, portability and performance findings (errors always); the
  # GLib/GTK and POSIX models plus build-aux/cppcheck.cfg, and the false
  # positives listed in build-aux/cppcheck-suppressions.xml.
  if cppcheck --quiet --error-exitcode=1 --std=c11 -D__GNUC__ \
       --enable=warning,portability,performance --inline-suppr \
       --library=gtk --library=posix --library=build-aux/cppcheck.cfg \
       --suppress=missingIncludeSystem \
       --suppress-xml=build-aux/cppcheck-suppressions.xml \
       -I src/engine -I src/render -I src/cli -I src/app \
       src/ >&2; then
    record "cppcheck src/" OK
  else
    record "cppcheck src/" FAIL
    return 1
  fi
}

gate_longrun ()
{
  log "long run: Run -> Reset -> New maze, 3000 cycles"
  [ -f "$BUILDDIR/build.ninja" ] || build_dir "$BUILDDIR" normal || return 1
  meson compile -C "$BUILDDIR" >/dev/null || { record "longrun build" FAIL; return 1; }
  rm -f "$BUILDDIR/meson-logs/testlog-longrun.json"
  sh -c "$XVFB meson test -C '$BUILDDIR' --setup longrun --suite longrun --verbose" 2>&1 \
    | grep -E '^# [0-9]+ cycles|^# RSS|^# malloc|longrun /|ERROR|Bail out' >&2
  keep_log "$BUILDDIR/meson-logs/testlog-longrun.json" longrun
}

gate_dist ()
{
  log "meson dist: the tarball builds and passes its tests from scratch"
  [ -f "$BUILDDIR/build.ninja" ] || build_dir "$BUILDDIR" normal || return 1
  rm -rf "$BUILDDIR/meson-dist" "$DIST_DIR"
  # The tarball holds what git has committed (HEAD); --allow-dirty lets a
  # developer with local changes run the gate too.
  if ! meson dist -C "$BUILDDIR" --no-tests --allow-dirty --formats xztar \
       >"$RESULTS/dist.log" 2>&1; then
    cat "$RESULTS/dist.log" >&2
    record "meson dist" FAIL
    return 1
  fi
  mkdir -p "$DIST_DIR"
  tar -xf "$BUILDDIR"/meson-dist/bitmaze-*.tar.xz -C "$DIST_DIR" || {
    record "meson dist: unpack" FAIL
    return 1
  }
  src=$(echo "$DIST_DIR"/bitmaze-*)
  record "meson dist: tarball" OK
  meson setup "$src/_build" "$src" >/dev/null \
    && meson compile -C "$src/_build" >/dev/null 2>"$RESULTS/dist-build.err" || {
    cat "$RESULTS/dist-build.err" >&2
    record "meson dist: build from the tarball" FAIL
    return 1
  }
  # What the tarball must pass: every suite but the GUI and browser ones
  # (the normal suite runs those already; the browser's playwright-core is
  # installed into the source tree, not the tarball) and the long run.
  meson test -C "$src/_build" --print-errorlogs --no-suite gui --no-suite web --no-suite longrun >&2
  keep_log "$src/_build/meson-logs/testlog.json" dist
  rm -rf "$DIST_DIR"
}

# Sum every test log of this run: the normal suite and each gate's.
summary ()
{
  python3 - "$RESULTS"/*.json <<'PY'
import json, sys
counts = {"passed": 0, "failed": 0, "skipped": 0}
failed = []
for path in sys.argv[1:]:
    try:
        f = open(path)
    except OSError:
        counts["failed"] += 1
        failed.append("missing " + path)
        continue
    with f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            entry = json.loads(line)
            r = entry.get("result")
            if r in ("OK", "EXPECTEDFAIL"):
                counts["passed"] += 1
            elif r == "SKIP":
                counts["skipped"] += 1
            else:
                counts["failed"] += 1
                failed.append("%s: %s (%s)" % (path.rsplit("/", 1)[-1], entry.get("name"), r))
for name in failed:
    print("FAILED", name, file=sys.stderr)
print("%d passed, %d failed, %d skipped" % (counts["passed"], counts["failed"], counts["skipped"]))
sys.exit(1 if counts["failed"] or counts["passed"] == 0 else 0)
PY
}

gates=${*:-suite asan valgrind fuzz static longrun dist}
for gate in $gates; do
  case "$gate" in
    suite|asan|valgrind|fuzz|static|longrun|dist) ;;
    *)
      sed -n '4,21p' "$0" | sed 's/^# \{0,1\}//' >&2
      exit 2
      ;;
  esac
done

rm -rf "$RESULTS"
mkdir -p "$RESULTS"
deps
for gate in $gates; do
  start=$(date +%s)
  "gate_$gate"
  echo "($gate: $(( $(date +%s) - start )) s)" >&2
done
summary
