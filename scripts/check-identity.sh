#!/usr/bin/env bash
# Checks that wgslc's outputs are byte for byte those of another revision (default: main) on
# every shader of the project (internal/corpus: the benchmark shaders, every test data file and
# txtar member) under five sets of flags: the SPIR-V, the reflection JSON, the diagnostics
# (stderr) and the exit code of each one-file run, and of one batch per set of flags (its
# outputs, its stderr and exit code). Run it before and after any change that should not
# change what the compiler writes (a performance change):
#
#   scripts/check-identity.sh [BASE-REVISION]
#
# The corpus is this checkout's: both builds compile the same files. It prints the differing
# files, at most 40 lines of `diff -r`, and exits 1 if there are any.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
base=${1:-main}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/new" ./tools/wgslc
go run ./compiler/bench/cmd/benchshaders -corpus "$work/in" >/dev/null

# The five sets: defaults with the reflection; no names and no clamps; debug information on
# the newest target; the oldest target with JSON diagnostics and WebGPU's limits; SPIR-V 1.5
# with the standard layout in uniform buffers.
sets=(
  "--reflect=@.json"
  "--strip-names --robustness=off"
  "-g --target=vulkan1.3 --reflect=@.json"
  "--target=vulkan1.0 --diagnostics-format=json --webgpu-limits"
  "--target=vulkan1.2 --uniform-standard-layout --reflect=@.json"
)
# The base's outputs are kept (in $TMPDIR/wgslgo-identity) for the next check against the
# same base revision, corpus and sets of flags.
corpus_sum=$( (cd "$work/in" && find . -type f -print0 | sort -z | xargs -0 sha256sum; printf '%s\n' "${sets[@]}") | sha256sum | cut -c1-16)
cache=${TMPDIR:-/tmp}/wgslgo-identity/$(git rev-parse "$base^{commit}")-$corpus_sum

# outputs BIN OUT: every one-file run and one batch per set, into OUT/SET/.
outputs() {
  local bin=$1 out=$2 i f o args d
  cd "$work/in"
  for i in "${!sets[@]}"; do
    mkdir -p "$out/$i/batch"
    while IFS= read -r d; do
      mkdir -p "$out/$i/one/$d"
    done < <(find . -type d | sed 's|^\./||')
    while IFS= read -r f; do
      o="$out/$i/one/${f%.wgsl}"
      # shellcheck disable=SC2086 # the set is split into words on purpose
      args=(${sets[$i]//@/$o})
      set +e
      "$bin" "${args[@]}" -o "$o.spv" "$f" 2>"$o.stderr"
      echo $? >"$o.code"
      set -e
    done < <(find . -name '*.wgsl' | sed 's|^\./||' | sort)
    # shellcheck disable=SC2086
    args=(${sets[$i]//@.json/$out/$i/batch/})
    set +e
    "$bin" "${args[@]}" -o "$out/$i/batch/" . 2>"$out/$i/batch.stderr"
    echo $? >"$out/$i/batch.code"
    set -e
  done
  cd "$root"
}

if [ ! -d "$cache" ]; then
  mkdir "$work/base-src"
  git archive "$base" | tar -x -C "$work/base-src"
  (cd "$work/base-src" && go build -o "$work/old" ./tools/wgslc)
  outputs "$work/old" "$work/old-out"
  mkdir -p "$(dirname "$cache")"
  mv "$work/old-out" "$cache.tmp" && mv "$cache.tmp" "$cache"
fi
outputs "$work/new" "$work/new-out"
runs=$(find "$work/new-out" -name '*.code' -path '*/one/*' | wc -l)
status=0
if ! diff -r "$cache" "$work/new-out" >"$work/diff" 2>&1; then
  status=1
  echo "wgslc's outputs differ from those of $base:"
  sed -e "s|$work/||g" -e "s|$cache|old-out|g" "$work/diff" | head -40
fi
echo "$runs one-file runs and ${#sets[@]} batches over $(find "$work/in" -name '*.wgsl' | wc -l) shaders: $([ $status = 0 ] && echo "the same bytes as $base" || echo "differences")"
exit $status
