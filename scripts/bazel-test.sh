#!/usr/bin/env bash
# The Bazel part of the README's test command (scripts/test.sh calls it before go test, whose
# end-to-end test of the rules in rules/ needs what this prepares):
#   1. scripts/bazel-setup.sh: the offline Bazel setup (about 0.1 s once cached);
#   2. scripts/bazel-gazelle.sh: BUILD files up to date with the Go sources (regenerated in place,
#      with a warning, when someone added a package or an import without running it; under
#      CI=true that also counts as a failure);
#   3. bazel test //... with an output base in the setup's cache, so fresh clones reuse it.
#
# Usage: scripts/bazel-test.sh [COUNTS_FILE]
# Writes "PASSED FAILED SKIPPED" (counts of Bazel test targets) to COUNTS_FILE. Without Bazel
# (setup impossible) the tests count as skipped, except with CI=true, where that is a failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
counts=${1:-/dev/null}

if ! scripts/bazel-setup.sh; then
  if [ "${CI:-}" = true ]; then
    echo "bazel: the offline setup failed (scripts/bazel-setup.sh)"
    echo "0 1 0" >"$counts"
  else
    echo "bazel: the offline setup failed (scripts/bazel-setup.sh); skipping the Bazel tests"
    echo "0 0 1" >"$counts"
  fi
  exit 0
fi
# shellcheck source=scripts/bazel-lib.sh
. scripts/bazel-lib.sh

stale_build=0
if ! scripts/bazel-gazelle.sh -mode diff >/dev/null 2>&1; then
  scripts/bazel-gazelle.sh
  echo "warning: BUILD.bazel files were out of date with the Go sources; scripts/bazel-gazelle.sh regenerated them, commit them:"
  git status --short -- '*BUILD.bazel' | sed 's/^/  /'
  if [ "${CI:-}" = true ]; then
    echo "bazel: stale BUILD.bazel files are a failure under CI=true"
    stale_build=1
  fi
fi

# The packages: //... spelled per top-level directory, because //... would also descend into
# convenience symlinks (bazel-<dir>) that an interactive build with another output base left.
patterns=("//:all")
while read -r top; do
  patterns+=("//$top/...")
done < <(find . -name BUILD.bazel -not -path './bazel-*' -not -path './examples/bazel/*' |
  cut -d/ -f2 | grep -v BUILD.bazel | sort -u)

# One run at a time per cache: the output base is shared by every checkout on the machine, so a
# fresh clone rebuilds only what changed. --symlink_prefix=/ leaves the checkout's convenience
# symlinks alone.
exec 9>"$bazel_cache_dir/test-output-base.lock"
flock 9
log=$(mktemp)
trap 'rm -f "$log"' EXIT
bazel --output_base="$bazel_cache_dir/test-output-base" --max_idle_secs=60 \
  test --keep_going --color=no --curses=no --noshow_progress --symlink_prefix=/ \
  -- "${patterns[@]}" >"$log" 2>&1
status=$?
bazel --output_base="$bazel_cache_dir/test-output-base" shutdown >/dev/null 2>&1
# Bazel's output without the progress of passing work; failures keep their logs.
grep -vE '^(Loading|Analyzing|INFO: (Analyzed|Found|Elapsed|Build completed|[0-9]+ process)|\[[0-9,]+ / [0-9,]+\])' "$log"

# One line per test target: "//pkg:name   (cached) PASSED in 0.3s", "FAILED in ...", "NO STATUS".
passed=$(grep -cE '^//\S+\s+(\(cached\) )?(PASSED|FLAKY)' "$log")
failed=$(grep -cE '^//\S+\s+(\(cached\) )?(FAILED|TIMEOUT|INCOMPLETE|NO STATUS|REMOTE FAILURE)' "$log")
# 0: all passed; 4: no test targets; otherwise a failure even if no test target says so.
if [ $status -ne 0 ] && [ $status -ne 4 ] && [ "$failed" -eq 0 ]; then
  failed=1
fi
echo "bazel: $passed test targets passed, $failed failed (exit $status)"
echo "$passed $((failed + stale_build)) 0" >"$counts"

# The failed targets with the end of each log, for scripts/test.sh to repeat at the end of its
# output (Bazel's part comes first, far from the summary line): COUNTS_FILE.failures.
{
  grep -E '^//\S+\s+(\(cached\) )?(FAILED|TIMEOUT|INCOMPLETE|NO STATUS|REMOTE FAILURE)' "$log"
  grep -oE '^FAIL: //\S+ \(see [^)]*/test\.log\)' "$log" | while read -r _ target _ testlog; do
    testlog=${testlog%)}
    echo "$target: the end of $testlog"
    grep -vE '^(=== (RUN|PAUSE|CONT|NAME)|\s*--- PASS: )' "$testlog" 2>/dev/null | tail -n 25 | sed 's/^/    /'
  done
  [ "$stale_build" = 0 ] || echo "stale BUILD.bazel files (scripts/bazel-gazelle.sh)"
} >"$counts.failures"
