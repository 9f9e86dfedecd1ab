#!/usr/bin/env bash
# The cost of compiling many shaders, and of one, against naga (wgpu's shader compiler), each
# figure taken in one run that alternates the compilers (compiler/bench/cmd/benchnaga):
#
#   1. Many files: the project's benchmark shaders and every shader of its test data
#      (internal/corpus) that both compilers compile to a module with an entry point, each
#      taken as many times over as makes at least MIN files (default 500): one batch `wgslc -o
#      OUT/ DIR` against one `naga FILE OUT` per file (one after another, and two at a time),
#      and one `wgslc -o OUT FILE` per file. Total CPU and wall time, peak RSS, and the ratios
#      to naga's per-file total.
#   2. One file, whole process: `wgslc -o OUT FILE` against `naga FILE OUT` on each benchmark
#      shader (the large one is 257 KB), beside an empty Go program (`func main() {}`), the
#      floor of any Go process, against naga on the same file.
#
#   scripts/bench-batch.sh [-n ROUNDS] [-runs RUNS] [-min FILES] [-fresh]
#
# Each way writes every input's output to a file of its own; a round writes over the outputs of
# the round before (a rebuild). With -fresh, the outputs are deleted before each run, so that
# every run creates its files (as Bazel, which deletes an action's outputs first, has it).
#
# ROUNDS (default 5) rounds of part 1 after a warm-up; RUNS (default 30) runs of each command
# per file in part 2 after 3 warm-ups. The load average is printed before and after: figures
# taken while the machine does other work measure the load as much as the compilers (CPU
# time suffers less than wall time).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
rounds=5 runs=30 min=500 fresh=
while [ $# -gt 0 ]; do
  case $1 in
  -fresh) fresh=-fresh; shift; continue ;;
  -n) rounds=$2 ;;
  -runs) runs=$2 ;;
  -min) min=$2 ;;
  *) echo "usage: scripts/bench-batch.sh [-n ROUNDS] [-runs RUNS] [-min FILES] [-fresh]" >&2; exit 2 ;;
  esac
  shift 2
done
naga=$(command -v naga) || { echo "bench-batch: naga is not on PATH (cargo install naga-cli)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/wgslc" ./tools/wgslc
go build -o "$work/benchnaga" ./compiler/bench/cmd/benchnaga
mkdir "$work/empty"
printf 'package main\n\nfunc main() {}\n' >"$work/empty/main.go"
printf 'module empty\n\ngo 1.22\n' >"$work/empty/go.mod"
(cd "$work/empty" && go build -o "$work/empty-go" .)
go run ./compiler/bench/cmd/benchshaders -corpus "$work/corpus" >/dev/null

echo "wgslc $(git describe --always --dirty 2>/dev/null || echo '?'), $(naga --version 2>/dev/null || echo naga), $(go version | cut -d' ' -f3); $(nproc) CPUs"
echo "before: $(uptime)"
echo
echo "## Many files"
echo
"$work/benchnaga" -batch $fresh -n "$rounds" -min "$min" -wgslc "$work/wgslc" -naga "$naga" "$work/corpus"
echo
echo "## One file, whole process"
echo
shaders=$work/corpus/compiler/bench/shaders
"$work/benchnaga" -n "$runs" -floor "$work/empty-go" -wgslc "$work/wgslc" -naga "$naga" \
  "$shaders"/{small,particles,deferred,large}.wgsl
echo
echo "after: $(uptime)"
