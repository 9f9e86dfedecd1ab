#!/usr/bin/env bash
# A small mutation check: applies each one-line mutation of scripts/mutations.txt (or the list
# given) to a temporary copy of the checkout, one at a time, runs the tests of the mutated file's
# package there, and reports the mutants that survive (the tests still pass). The checkout itself
# is never written: an interrupted run leaves nothing behind but its temporary directory, which
# it removes on exit.
#
# Usage: scripts/mutation-check.sh [LIST] [-run REGEXP]
#   -run REGEXP  only the entries whose line matches REGEXP (grep -E)
#
# Exit status: 0 when every mutant is killed; 1 when one survives, or an entry does not apply
# (OLD is not in FILE exactly once) or does not build. The result of a full run is recorded in
# MUTATION.md.
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

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$tmp/src
mkdir "$src"
copy_checkout "$root" "$src"
cd "$src"

total=0 killed=0
survivors=() invalid=()
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
    invalid+=("OLD $(cat "$tmp/perl" | tr -d '\n') in $file: $line")
    cp "$tmp/original" "$file"
    continue
  fi
  pkg=./$(dirname "$file")
  start=$SECONDS
  if ! go build "$pkg" 2>"$tmp/build"; then
    invalid+=("does not build ($(head -1 "$tmp/build")): $line")
  elif go test -count=1 -timeout 10m "$pkg" >"$tmp/test" 2>&1; then
    survivors+=("$line")
    echo "SURVIVED ($((SECONDS - start)) s): $line"
  elif grep -qE '^\s*--- FAIL: ' "$tmp/test"; then
    killed=$((killed + 1))
    echo "killed ($((SECONDS - start)) s, by $(grep -oE -m1 -- '--- FAIL: \S+' "$tmp/test" | cut -d' ' -f3)): $line"
  else
    invalid+=("the tests fail without a failing test (vet or build of the tests): $line")
  fi
  cp "$tmp/original" "$file"
done <"$list"

echo "mutation check: $total mutants, $killed killed, ${#survivors[@]} survived, ${#invalid[@]} invalid"
for s in "${survivors[@]}"; do echo "  survived: $s"; done
for s in "${invalid[@]}"; do echo "  invalid: $s"; done
[ ${#survivors[@]} -eq 0 ] && [ ${#invalid[@]} -eq 0 ]
