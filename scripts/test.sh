#!/usr/bin/env bash
# Runs every test of wgslgo on a Debian machine: installs what is missing (spirv-tools for
# spirv-val; Mesa's lavapipe, the Vulkan loader headers and the validation layer for the execution
# harness), runs the hygiene checks (go mod tidy -diff, gofmt -l, go vet, generated files up to
# date), the Bazel tests and go test, prints every skipped test with its reason, and ends with one
# plain "N passed, N failed, N skipped" line; each failed hygiene check counts as one failure.
#
# Outside CI, tests that need a missing oracle (spirv-val, a Vulkan device or its validation
# layer, naga, tint, the shared reference texts) skip; with CI=true they fail, the validation
# layer is required (WGSLGO_VK_VALIDATION=1), and any skip whose message no entry of
# scripts/allowed-skips.txt matches counts as a failure.
set -uo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v spirv-val >/dev/null 2>&1 || missing+=(spirv-tools)
[ -e /usr/include/vulkan/vulkan.h ] || missing+=(libvulkan-dev)
ls /usr/share/vulkan/icd.d/lvp_icd.*.json >/dev/null 2>&1 || missing+=(mesa-vulkan-drivers)
ls /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json >/dev/null 2>&1 || missing+=(vulkan-validationlayers)
command -v gcc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  if command -v apt-get >/dev/null 2>&1 && { [ -z "$sudo" ] || sudo -n true 2>/dev/null; }; then
    $sudo apt-get update -qq >/dev/null &&
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
      echo "warning: could not install ${missing[*]}; tests that need them will skip (or fail under CI=true)"
  else
    echo "warning: cannot install ${missing[*]} (no apt-get or no root); tests that need them will skip (or fail under CI=true)"
  fi
fi

if [ "${CI:-}" = true ]; then
  export WGSLGO_VK_VALIDATION=1
fi

# Go modules nested in the repository, which the root module's ./... does not enter: the
# WebGPU adapters depend on their bindings (webgpu links wgpu-native through cgo, gogpu needs
# Go 1.25), the Gazelle extension on Gazelle, the peer benchmark and the test of the WGSL
# printed for gogpu/naga on gogpu/naga, and the root module, which every user downloads, must
# depend on none of them.
nested=(webgpu examples/webgpu gogpu examples/gogpu gazelle compiler/bench/peer compiler/hostwgsl/gogpunaga)
# The environment each nested module is built and tested in: gogpu and its example prove that
# they, like their binding, need no cgo.
declare -A nested_env=([gogpu]="CGO_ENABLED=0" [examples/gogpu]="CGO_ENABLED=0")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
hygiene_failed=0
hygiene_names=()
# hygiene NAME COMMAND...: runs one check; a failure counts as one.
hygiene() {
  local name=$1
  shift
  echo "== $name"
  if ! "$@"; then
    echo "$name: failed"
    hygiene_failed=$((hygiene_failed + 1))
    hygiene_names+=("$name")
  fi
}
gofmt_clean() {
  local files
  files=$(gofmt -l .) || return 1
  [ -z "$files" ] && return 0
  echo "not gofmt-ed (run gofmt -w):"
  printf '%s\n' "$files" | sed 's/^/  /'
  return 1
}
# in_module DIR COMMAND...: runs COMMAND in the nested module DIR, in its environment.
in_module() {
  local dir=$1
  shift
  # shellcheck disable=SC2086 # the environment is VAR=value words
  (cd "$dir" && env ${nested_env[$dir]:-} "$@")
}
hygiene "go mod tidy -diff" go mod tidy -diff
for m in "${nested[@]}"; do
  hygiene "go mod tidy -diff in $m" in_module "$m" go mod tidy -diff
done
hygiene "gofmt -l ." gofmt_clean
hygiene "go vet ./..." go vet ./...
for m in "${nested[@]}"; do
  hygiene "go vet ./... in $m" in_module "$m" go vet ./...
done
hygiene "go generate (scripts/check-generated.sh)" scripts/check-generated.sh

# Before go test: the end-to-end test of the Bazel rules (rules/) needs the offline setup.
echo "== bazel test (scripts/bazel-test.sh)"
scripts/bazel-test.sh "$tmp/bazel-counts"

echo "== go test ./..."
if go build -o "$tmp/testreport" ./internal/testreport; then
  {
    go test -count=1 -timeout 45m -json ./... 2>&1
    echo $? >"$tmp/status-root"
    for m in "${nested[@]}"; do
      echo "== go test ./... in $m" >&2
      in_module "$m" go test -count=1 -timeout 20m -json ./... 2>&1
      echo $? >"$tmp/status-$(echo "$m" | tr / _)"
    done
  } | "$tmp/testreport" -allow scripts/allowed-skips.txt -counts "$tmp/go-counts"
  status=${PIPESTATUS[1]}
  for f in "$tmp"/status-*; do
    [ "$(cat "$f")" = 0 ] || status=1
  done
else
  status=1
fi
read -r passed failed skipped <"$tmp/go-counts" || { passed=0; failed=1; skipped=0; }
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1 # go test failed in a way no test or package event shows
fi
read -r bazel_passed bazel_failed bazel_skipped <"$tmp/bazel-counts" || { bazel_passed=0; bazel_failed=1; bazel_skipped=0; }
passed=$((passed + bazel_passed))
failed=$((failed + bazel_failed + hygiene_failed))
skipped=$((skipped + bazel_skipped))
if [ -s "$tmp/bazel-counts.failures" ]; then
  echo "== failed Bazel test targets"
  cat "$tmp/bazel-counts.failures"
fi
if [ $hygiene_failed -ne 0 ]; then
  echo "hygiene checks failed: $hygiene_failed"
  printf '  %s\n' "${hygiene_names[@]}"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
