#!/usr/bin/env bash
# Checks that the generated files are what `go generate ./...` writes today. The checkout (its
# tracked and untracked files, edits included) is copied to a temporary directory, go generate
# runs there, and every file it changed or added is listed: the checkout itself is never written.
#
# The SPIR-V tables of compiler/spirv are generated from the SPIR-V grammar of the shared
# reference texts (shared/reference/spirv above the checkout, or $WGSLGO_REFERENCE/spirv, or
# $SPIRV_GRAMMAR_DIR). Without it that package is left out, with a note, except under CI=true,
# where the check fails.
#
# Exit status: 0 when nothing changed, 1 otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=scripts/checkout-lib.sh
. scripts/checkout-lib.sh

if [ -z "${SPIRV_GRAMMAR_DIR:-}" ] && ref=$(reference_dir "$root"); then
  SPIRV_GRAMMAR_DIR=$ref/spirv
fi
packages=./...
if [ ! -f "${SPIRV_GRAMMAR_DIR:-/nonexistent}/spirv.core.grammar.json" ]; then
  if [ "${CI:-}" = true ]; then
    echo "check-generated: no SPIR-V grammar (shared/reference/spirv above the checkout, \$WGSLGO_REFERENCE or \$SPIRV_GRAMMAR_DIR): required under CI=true"
    exit 1
  fi
  echo "check-generated: no SPIR-V grammar: compiler/spirv is not regenerated (set WGSLGO_REFERENCE)"
  packages=$(go list ./... | grep -vx 'github.com/wgslgo/wgslgo/compiler/spirv')
fi
export SPIRV_GRAMMAR_DIR

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src"
copy_checkout "$root" "$tmp/src"
cd "$tmp/src"
git init -q
git add -A
git -c user.name=check-generated -c user.email=check-generated@localhost commit -qm snapshot --no-verify
# shellcheck disable=SC2086 # one argument per package
if ! go generate $packages >"$tmp/generate.log" 2>&1; then
  cat "$tmp/generate.log"
  echo "check-generated: go generate failed"
  exit 1
fi
git add -A
if ! git diff --cached --quiet; then
  echo "check-generated: go generate changes these files; run it and commit what it writes:"
  git diff --cached --stat | sed 's/^/  /'
  git diff --cached | head -40 | sed 's/^/  /'
  exit 1
fi
echo "check-generated: the generated files are up to date"
