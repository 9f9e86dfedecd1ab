#!/usr/bin/env bash
# wgslgo against gogpu/naga, the other pure-Go WGSL → SPIR-V compiler, on every shader of the
# project both compile (internal/corpus) and on the .wgsl files under any PATH given
# (compiler/bench/peer, a module of its own):
#
#   1. In process: CPU time, bytes and allocations per compilation, the compilers interleaved
#      input by input over ROUNDS rounds; the ratios of all inputs' CPU, of the median input,
#      of the largest 20, of bytes and allocations (wgslgo's defaults; with -lean, without
#      debug names and reflection).
#   2. Whole process: `wgslc -o OUT FILE` against `gogpuc FILE OUT` (a minimal command over
#      gogpu's API) on each input, alternately, ROUNDS rounds after a warm-up: CPU and wall
#      time per file, min, median and max over the rounds. Both commands run as copies synced
#      and dropped from the page cache, as an installed program after a restart (the ratio
#      moves 1.07-1.20 with the binaries' page-cache history: BENCHMARKS.md, twelfth round).
#
#   scripts/bench-peer.sh [-n ROUNDS] [-lean] [-only] [-public] [PATH...]
#
# -public adds public shaders: the WGSL inputs of naga's snapshot tests, which the pinned
# gogpu/naga module ships (snapshot/testdata/in, 172 files; gogpu/naga compiles 125 of them).
# The project's own inputs are mostly test fixtures (the largest 20 are 1-3.6 KB, and a few
# texture-coverage files weigh most); the issue's targets are held-out public shaders.
#
# The load average is printed before and after: the machine's other work slows both
# compilers, but a loaded machine's figures are noisier.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
rounds=5 flags=() public=0
while [ $# -gt 0 ]; do
  case $1 in
  -n) rounds=$2; shift 2 ;;
  -lean | -only) flags+=("$1"); shift ;;
  -public) public=1; shift ;;
  -*) echo "usage: scripts/bench-peer.sh [-n ROUNDS] [-lean] [-only] [-public] [PATH...]" >&2; exit 2 ;;
  *) break ;;
  esac
done
paths=()
for p in "$@"; do
  paths+=("$(cd "$(dirname "$p")" && pwd)/$(basename "$p")")
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$public" = 1 ]; then
  naga=$(cd compiler/bench/peer && go list -m -f '{{.Dir}}' github.com/gogpu/naga)
  paths+=("$naga"/snapshot/testdata/in/*.wgsl)
fi
go build -o "$work/wgslc" ./tools/wgslc
(cd compiler/bench/peer && go build -o "$work/peerbench" ./cmd/peerbench && go build -o "$work/gogpuc" ./cmd/gogpuc)

echo "wgslc $(git describe --always --dirty 2>/dev/null || echo '?'); $(nproc) CPUs; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$work/peerbench" -rounds "$rounds" "${flags[@]}" "${paths[@]}"
only=()
for f in "${flags[@]}"; do
  [ "$f" = -only ] && only=(-only)
done
"$work/peerbench" -process -rounds "$rounds" -wgslc "$work/wgslc" -gogpuc "$work/gogpuc" "${only[@]}" "${paths[@]}" | tail -n +2
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
