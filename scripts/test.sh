#!/usr/bin/env bash
# Runs every test of wgslgo on a Debian machine: installs what is missing (spirv-tools for
# spirv-val; Mesa's lavapipe and the Vulkan loader headers for the execution harness), then
# runs go vet and all tests, and ends with one plain "N passed, N failed, N skipped" line.
#
# Outside CI, tests that need a missing tool (spirv-val, a Vulkan device, naga, tint) skip;
# with CI=true they fail instead.
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

log=$(mktemp)
bazel_counts=$(mktemp)
trap 'rm -f "$log" "$bazel_counts"' EXIT

# Go modules nested in the repository, which the root module's ./... does not enter: the
# WebGPU adapter links wgpu-native through cgo, and the root module must not depend on it.
nested=(webgpu examples/webgpu gazelle)

echo "== go vet ./..."
go vet ./...
vet=$?
for m in "${nested[@]}"; do
  echo "== go vet ./... in $m"
  (cd "$m" && go vet ./...) || vet=1
done

# Before go test: the end-to-end test of the Bazel rules (rules/) needs the offline setup.
echo "== bazel test (scripts/bazel-test.sh)"
scripts/bazel-test.sh "$bazel_counts"

echo "== go test ./..."
go test -count=1 -timeout 45m -v ./... >"$log" 2>&1
status=$?
for m in "${nested[@]}"; do
  echo "== go test ./... in $m"
  (cd "$m" && go test -count=1 -timeout 20m -v ./...) >>"$log" 2>&1 || status=1
done
# go test's ordinary output: everything but the per-test progress lines of -v.
grep -vE '^\s*(=== (RUN|PAUSE|CONT|NAME)|--- (PASS|SKIP): )' "$log" | grep -vE '^PASS$'

passed=$(grep -cE '^\s*--- PASS: ' "$log")
failed=$(grep -cE '^\s*--- FAIL: ' "$log")
skipped=$(grep -cE '^\s*--- SKIP: ' "$log")
# A package that fails to build or panics has no "--- FAIL" line: count it as one failure.
broken=$(grep -cE '^FAIL\s+\S+\s+\[(build failed|setup failed)\]|^panic: ' "$log")
failed=$((failed + broken))
read -r bazel_passed bazel_failed bazel_skipped <"$bazel_counts" || { bazel_passed=0; bazel_failed=1; bazel_skipped=0; }
passed=$((passed + bazel_passed)); failed=$((failed + bazel_failed)); skipped=$((skipped + bazel_skipped))
if [ $vet -ne 0 ]; then
  echo "go vet failed"
  failed=$((failed + 1))
fi
if [ $status -ne 0 ] && [ $failed -eq 0 ]; then
  failed=1
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
