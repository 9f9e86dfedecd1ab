#!/usr/bin/env bash
# Compares wgslc with naga (wgpu's shader compiler) on the benchmark shaders of compiler/bench:
# builds wgslc once, writes the shaders, then runs `wgslc -o OUT.spv FILE` and
# `naga FILE OUT.spv` alternately on each file and prints a Markdown table of median wall and CPU
# time, peak RSS, output sizes and the wgslc/naga ratios (compiler/bench/cmd/benchnaga).
#
# Each compiler's defaults differ: wgslc clamps indices (robustness) and names everything
# (OpName), naga does neither. A second table compares the same work: both clamping
# (naga --index-bounds-check-policy Restrict), neither naming (wgslc --strip-names).
#
#   scripts/bench-naga.sh [-n RUNS] [FILE.wgsl...]
#
# With no files it uses compiler/bench's shaders. On a shared machine, read the CPU columns:
# wall time measures the load as much as the compilers.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
runs=30
if [ "${1:-}" = -n ]; then
  runs=$2
  shift 2
fi
naga=$(command -v naga) || { echo "bench-naga: naga is not on PATH (cargo install naga-cli)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/wgslc" ./tools/wgslc
go build -o "$work/benchnaga" ./compiler/bench/cmd/benchnaga
if [ $# -eq 0 ]; then
  go run ./compiler/bench/cmd/benchshaders "$work/shaders" >/dev/null
  set -- "$work"/shaders/{small,particles,deferred,large}.wgsl
fi
echo "wgslc $(git -C "$root" describe --always --dirty 2>/dev/null || echo '?'), $(naga --version 2>/dev/null || echo naga); $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "Defaults:"
echo
"$work/benchnaga" -n "$runs" -wgslc "$work/wgslc" -naga "$naga" "$@"
echo
echo "The same work (bounds clamping, no names):"
echo
"$work/benchnaga" -n "$runs" -wgslc "$work/wgslc" -wgslc-flags --strip-names \
  -naga "$naga" -naga-flags "--index-bounds-check-policy Restrict" "$@"
