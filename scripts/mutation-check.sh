#!/usr/bin/env bash
# A mutation check: applies each one-line mutation of scripts/mutations.txt (or the list given)
# to a temporary copy of the checkout, one at a time, and runs the tests a mutant can break,
# under CI=true (a missing oracle fails):
#   1. the tests of the mutated file's package, with the comparisons with recorded output
#      (goldens, hash pins: internal/golden) switched off (WGSLGO_GOLDEN=off). A failure there
#      kills the mutant by a test that states what the code must do: the goal.
#   2. if it survives, the tests of every other package of the module that depends on the
#      mutated one (the tests' imports included), goldens still off, but for the Bazel rules'
#      end-to-end test (rules/), which builds with Bazel rather than testing the compiler;
#   3. if it survives, the same packages with the goldens and pins on.
# Each mutant is reported with the stage and test that killed it: "killed", "killed elsewhere"
# (only another package's tests see it), "golden only" (only a golden or a pin fails: an
# update would accept the bug), or "SURVIVED". The checkout itself is never written: an
# interrupted run leaves nothing behind but its temporary directory, which it removes on exit.
#
# Usage: scripts/mutation-check.sh [LIST] [-run REGEXP]
#   -run REGEXP  only the entries whose line matches REGEXP (grep -E)
#
# Exit status: 0 when every mutant is killed in stage 1; 1 otherwise, or when an entry does not
# apply (OLD is not in FILE exactly once) or does not build. The result of a full run is
# recorded in MUTATION.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
list=$root/scripts/mutations.txt
filter=
while [ $# -gt 0 ]; do
  case $1 in
  -run)
    filter=$2
    shift 2
    ;;
  *)
    list=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    shift
    ;;
  esac
done

# shellcheck source=scripts/checkout-lib.sh
. "$root/scripts/checkout-lib.sh"

# The tests of the copy look for the shared reference texts above their directory: point them at
# the checkout's.
if ref=$(reference_dir "$root"); then
  export WGSLGO_REFERENCE=$ref
fi
export CI=true

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$tmp/src
mkdir "$src"
copy_checkout "$root" "$src"
cd "$src"

# module_of FILE: the directory of the Go module holding FILE (the nearest go.mod above it).
module_of() {
  local dir
  dir=$(dirname "$1")
  while [ "$dir" != . ] && [ ! -f "$dir/go.mod" ]; do
    dir=$(dirname "$dir")
  done
  printf '%s\n' "$dir"
}

# dependents MODULE PKG: the packages of MODULE whose tests build PKG (an import path), but
# PKG itself and the Bazel end-to-end test. The test binaries' dependencies are listed once
# per module, before any mutation.
dependents() {
  local deps=$tmp/deps.$(printf '%s' "$1" | tr / _)
  if [ ! -f "$deps" ]; then
    (cd "$1" && go list -test -f '{{if .ForTest}}{{else}}{{.ImportPath}}{{range .Deps}} {{.}}{{end}}{{end}}' ./... 2>/dev/null |
      grep '\.test ' | sed 's/\.test / /; s/ \[[^]]*\]//g') >"$deps"
  fi
  awk -v p="$2" '{ for (i = 2; i <= NF; i++) if ($i == p) { print $1; break } }' "$deps" |
    grep -vxE "$2|github.com/wgslgo/wgslgo/rules" || true
}

# failing LOG: the first failing test of a go test log, with its package when the log names it.
failing() {
  local t pkg
  t=$(grep -oE -m1 -- '--- FAIL: \S+' "$1" | cut -d' ' -f3)
  pkg=$(grep -oE -m1 '^FAIL\s+\S+' "$1" | awk '{print $2}' | sed 's|github.com/wgslgo/wgslgo/||')
  printf '%s%s\n' "${pkg:+$pkg }" "${t:-(no test name: a panic or time-out)}"
}

total=0 killed=0
elsewhere=() golden=() survivors=() invalid=()
while IFS= read -r line || [ -n "$line" ]; do
  case $line in '' | '#'*) continue ;; esac
  if [ -n "$filter" ] && ! grep -qE -- "$filter" <<<"$line"; then
    continue
  fi
  total=$((total + 1))
  file=${line%%: *}
  rest=${line#*: }
  old=${rest%% => *}
  new=${rest#* => }
  if [ "$file" = "$line" ] || [ "$old" = "$rest" ] || [ ! -f "$file" ]; then
    invalid+=("not FILE: OLD => NEW with an existing FILE: $line")
    continue
  fi
  cp "$file" "$tmp/original"
  # Replace the one occurrence of OLD, taken literally (\Q...\E; NEW is not interpolated further).
  if ! OLD=$old NEW=$new perl -0777 -i -pe '
      my ($o, $n) = ($ENV{OLD}, $ENV{NEW});
      my $count = () = /\Q$o\E/g;
      die "found $count times\n" if $count != 1;
      s/\Q$o\E/$n/;' "$file" 2>"$tmp/perl"; then
    invalid+=("OLD $(tr -d '\n' <"$tmp/perl") in $file: $line")
    cp "$tmp/original" "$file"
    continue
  fi
  mod=$(module_of "$file")
  rel=./$(dirname "${file#"$mod"/}")
  [ "$mod" = . ] && rel=./$(dirname "$file")
  modpath=$(cd "$mod" && go list -m)
  pkgpath=$modpath/${rel#./}
  [ "$rel" = . ] && pkgpath=$modpath
  start=$SECONDS
  if ! (cd "$mod" && go vet "$rel") >"$tmp/build" 2>&1; then
    invalid+=("does not build ($(grep -m1 -v '^#' "$tmp/build")): $line")
  elif (cd "$mod" && WGSLGO_GOLDEN=off go test -count=1 -failfast -timeout 30m "$rel") >"$tmp/test" 2>&1; then
    mapfile -t others < <(dependents "$mod" "$pkgpath")
    if [ ${#others[@]} -gt 0 ] && ! (cd "$mod" && WGSLGO_GOLDEN=off go test -count=1 -failfast -timeout 45m "${others[@]}") >"$tmp/test" 2>&1; then
      elsewhere+=("$(failing "$tmp/test"): $line")
      echo "killed elsewhere only ($((SECONDS - start)) s, by $(failing "$tmp/test")): $line"
    elif ! (cd "$mod" && go test -count=1 -failfast -timeout 45m "$rel" "${others[@]}") >"$tmp/test" 2>&1; then
      golden+=("$(failing "$tmp/test"): $line")
      echo "golden only ($((SECONDS - start)) s, by $(failing "$tmp/test")): $line"
    else
      survivors+=("$line")
      echo "SURVIVED ($((SECONDS - start)) s): $line"
    fi
  elif grep -qE '^\s*--- FAIL: |^panic: ' "$tmp/test"; then
    killed=$((killed + 1))
    echo "killed ($((SECONDS - start)) s, by $(failing "$tmp/test" | awk '{print $NF}')): $line"
  else
    invalid+=("the tests fail without a failing test ($(grep -m1 -E 'FAIL|error' "$tmp/test")): $line")
  fi
  cp "$tmp/original" "$file"
done <"$list"

echo "mutation check: $total mutants, $killed killed by their package's tests, ${#elsewhere[@]} only by another package's, ${#golden[@]} only by a golden or pin, ${#survivors[@]} survived, ${#invalid[@]} invalid"
for s in "${elsewhere[@]}"; do echo "  killed elsewhere only: $s"; done
for s in "${golden[@]}"; do echo "  golden only: $s"; done
for s in "${survivors[@]}"; do echo "  survived: $s"; done
for s in "${invalid[@]}"; do echo "  invalid: $s"; done
[ "$killed" -eq "$total" ]
