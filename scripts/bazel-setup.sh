#!/usr/bin/env bash
# Prepares everything `bazel build` needs to build wgslgo with no network, following
# ../shared/notes/bazel-offline.md (Debian's Bazel 4.2.3, rules_go v0.34.0):
#
#   - installs bazel-bootstrap, bazel-skylib, bazel-rules-java, gcc and nginx (the remote-cache
#     test's server) with apt when they are missing;
#   - fetches rules_go with `go mod download` and patches it for Go >= 1.20
#     (`-p main` for its builder, GODEBUG=installgoroot=all for the stdlib builder);
#   - copies this machine's Go into an SDK for Bazel with precompiled std .a files and `pack`;
#   - writes stub repositories for @rules_cc and @remote_coverage_tools;
#   - builds Gazelle, and prepares every module of go.sum as a local repository with BUILD files.
#
# Everything goes to a cache outside the checkout, one directory per set of versions:
#   ${WGSLGO_BAZEL_CACHE:-$HOME/.cache/wgslgo-bazel}/<key>, and <cache>/current points at it.
# rules/offline.bzl (loaded by WORKSPACE) finds the cache the same way, so WORKSPACE holds no
# machine paths. A second run, or a fresh clone on the same machine, costs about 0.1 s.
# Nothing here is downloaded at build time: Bazel runs with downloads disabled (.bazelrc).
#
# Usage: scripts/bazel-setup.sh [--print-cache]   (--print-cache: print the cache key directory)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bazel-lib.sh
. "$root/scripts/bazel-lib.sh"
cache=$bazel_cache key=$bazel_cache_key dir=$bazel_cache_dir
goversion=$(go env GOVERSION)

if [ "${1:-}" = "--print-cache" ]; then
  echo "$dir"
  exit 0
fi

log() { echo "bazel-setup: $*" >&2; }

install_missing() {
  local missing=()
  command -v bazel >/dev/null 2>&1 || missing+=(bazel-bootstrap)
  [ -d /usr/share/bazel/tools/skylib ] || missing+=(bazel-skylib)
  [ -d /usr/share/bazel/rules/java ] || missing+=(bazel-rules-java)
  command -v gcc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  if ! command -v apt-get >/dev/null 2>&1; then
    log "missing ${missing[*]} and no apt-get to install them"
    return 1
  fi
  log "installing ${missing[*]}"
  $sudo apt-get update -qq >/dev/null &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" >/dev/null
}

# mod_download PATH@VERSION: prints the module's directory in the module cache. Runs outside any
# go.mod so it never touches the checkout's go.mod/go.sum.
mod_download() {
  (cd "$tmp" && GOFLAGS= GO111MODULE=on go mod download -json "$1") |
    sed -n 's/^\t"Dir": "\(.*\)",$/\1/p'
}

prepare_base() {
  local work="$1"
  mkdir -p "$work"

  log "rules_go $RULES_GO_VERSION"
  local src
  src=$(mod_download "github.com/bazelbuild/rules_go@$RULES_GO_VERSION")
  [ -d "$src" ] || { log "could not download rules_go"; return 1; }
  cp -r "$src" "$work/rules_go"
  chmod -R u+w "$work/rules_go"
  # Go >= 1.20 will not link a main package compiled without a package path.
  sed -i 's/{go} tool compile -o {cout}/{go} tool compile -p main -o {cout}/' \
    "$work/rules_go/go/private/rules/binary.bzl"
  grep -q 'tool compile -p main -o {cout} -trimpath=\$PWD' "$work/rules_go/go/private/rules/binary.bzl"
  # Go >= 1.20 installs std .a files into GOROOT only with installgoroot=all; rules_go 0.34's
  # stdlib builder (pure and race modes) expects them there.
  sed -i 's|^\tos.Setenv("GO111MODULE", "off")$|&\n\tos.Setenv("GODEBUG", "installgoroot=all")|' \
    "$work/rules_go/go/tools/builders/stdlib.go"
  grep -q 'installgoroot=all' "$work/rules_go/go/tools/builders/stdlib.go"

  log "Go SDK $goversion (copy of $(go env GOROOT), std precompiled: about 2 minutes on 2 cores)"
  cp -r "$(go env GOROOT)" "$work/go_sdk"
  chmod -R u+w "$work/go_sdk"
  chmod +x "$work/go_sdk/bin/"* "$work/go_sdk/pkg/tool/"*/* 2>/dev/null || true
  (
    cd "$work/go_sdk/src"
    export GOROOT="$work/go_sdk" GOTOOLCHAIN=local GOFLAGS= GO111MODULE=off
    GODEBUG=installgoroot=all "$GOROOT/bin/go" install std runtime/cgo
    # Go >= 1.25 no longer ships pack; rules_go 0.34 runs it to archive cgo objects.
    "$GOROOT/bin/go" build -o "$GOROOT/pkg/tool/$(go env GOOS)_$(go env GOARCH)/pack" cmd/pack
  )
  touch "$work/go_sdk/ROOT"
  echo 'exports_files(["ROOT"])' >"$work/go_sdk/BUILD.bazel"
  echo 'workspace(name = "wgslgo_go_sdk")' >"$work/go_sdk/WORKSPACE"

  # Bazel 4.2.3's WORKSPACE suffix would download these. Debian's rules_cc is too new for this
  # Bazel, so a stub forwards to the native rules; coverage tools are stubbed (no `bazel coverage`).
  mkdir -p "$work/rules_cc/cc" "$work/remote_coverage_tools"
  echo 'workspace(name = "rules_cc")' >"$work/rules_cc/WORKSPACE"
  : >"$work/rules_cc/BUILD.bazel"
  : >"$work/rules_cc/cc/BUILD.bazel"
  cat >"$work/rules_cc/cc/defs.bzl" <<'EOF'
"""Stand-in for rules_cc on Bazel 4.2.3: forwards to the native C++ rules."""

def cc_binary(**attrs):
    native.cc_binary(**attrs)

def cc_import(**attrs):
    native.cc_import(**attrs)

def cc_library(**attrs):
    native.cc_library(**attrs)

def cc_proto_library(**attrs):
    native.cc_proto_library(**attrs)

def cc_test(**attrs):
    native.cc_test(**attrs)

def cc_toolchain(**attrs):
    native.cc_toolchain(**attrs)

def cc_toolchain_suite(**attrs):
    native.cc_toolchain_suite(**attrs)

def fdo_prefetch_hints(**attrs):
    native.fdo_prefetch_hints(**attrs)

def fdo_profile(**attrs):
    native.fdo_profile(**attrs)

def objc_import(**attrs):
    native.objc_import(**attrs)

def objc_library(**attrs):
    native.objc_library(**attrs)
EOF
  echo 'workspace(name = "remote_coverage_tools")' >"$work/remote_coverage_tools/WORKSPACE"
  cat >"$work/remote_coverage_tools/BUILD.bazel" <<'EOF'
# Stand-in: this offline setup has no coverage tools, so `bazel coverage` is not available.
package(default_visibility = ["//visibility:public"])

filegroup(name = "coverage_report_generator")

filegroup(name = "lcov_merger")

filegroup(name = "Main")
EOF

  ln -s /usr/share/bazel/rules/java "$work/rules_java"
  ln -s /usr/share/bazel/tools/skylib "$work/bazel_skylib"

  log "Gazelle $GAZELLE_VERSION"
  (cd "$tmp" && GOBIN="$work/bin" GOFLAGS= GO111MODULE=on go install \
    "github.com/bazelbuild/bazel-gazelle/cmd/gazelle@$GAZELLE_VERSION")
  mkdir -p "$work/gomod"
}

# prepare_modules: a local repository with Gazelle's BUILD files for every module of go.sum,
# at gomod/PATH@VERSION.
prepare_modules() {
  local modules missing=() path version target src name
  modules=$(go_sum_modules "$root/go.sum")
  [ -n "$modules" ] || return 0
  while read -r path version; do
    [ -d "$dir/gomod/$path@$version" ] || missing+=("$path@$version")
  done <<<"$modules"
  [ ${#missing[@]} -eq 0 ] && return 0

  local config="$tmp/repos.bzl"
  gazelle_repo_config "$root/go.sum" >"$config"
  for mod in "${missing[@]}"; do
    path=${mod%@*}
    version=${mod##*@}
    log "Go module $mod"
    src=$(mod_download "$mod")
    [ -d "$src" ] || { log "could not download $mod"; return 1; }
    name=$(repo_name "$path")
    target="$tmp/mod-$name"
    rm -rf "$target"
    cp -r "$src" "$target"
    chmod -R u+w "$target"
    echo "workspace(name = \"$name\")" >"$target/WORKSPACE"
    # What go_repository does: BUILD files by Gazelle, names under the import_alias convention
    # (targets named after the directory, with go_default_library aliases). Gazelle complains
    # about imports it cannot place (testdata-only paths, std packages newer than it): those
    # packages are not built here, so its log is shown only when it fails.
    "$dir/bin/gazelle" -go_repository_mode -go_prefix "$path" -repo_root "$target" \
      -repo_config "$config" -go_naming_convention import_alias \
      -go_naming_convention_external import_alias -mode fix -build_file_name BUILD.bazel,BUILD \
      "$target" >"$tmp/gazelle.log" 2>&1 || { cat "$tmp/gazelle.log" >&2; return 1; }
    mkdir -p "$(dirname "$dir/gomod/$mod")"
    mv "$target" "$dir/gomod/$mod"
  done
}

install_missing || { log "cannot install the Bazel packages"; exit 1; }
mkdir -p "$cache"
tmp=$(mktemp -d "$cache/.tmp.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

# One preparation at a time: concurrent runs (two clones, two test processes) wait here.
exec 9>"$cache/.lock"
flock 9

if [ ! -e "$dir/READY" ]; then
  start=$SECONDS
  work="$cache/.work-$key"
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
  prepare_base "$work"
  touch "$work/READY"
  mv "$work" "$dir"
  log "prepared $dir in $((SECONDS - start)) s"
fi
prepare_modules
ln -sfn "$key" "$cache/current"
