#!/usr/bin/env bash
# Regenerates the BUILD.bazel files of every Go package with Gazelle, run as a plain program
# (built by scripts/bazel-setup.sh). Run it after adding a package or an import; extra arguments
# go to Gazelle (e.g. `-mode diff` to check without writing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=scripts/bazel-lib.sh
. scripts/bazel-lib.sh
[ -x "$bazel_cache_dir/bin/gazelle" ] || scripts/bazel-setup.sh
config=$(mktemp)
trap 'rm -f "$config"' EXIT
gazelle_repo_config go.sum >"$config"
"$bazel_cache_dir/bin/gazelle" -repo_root "$root" -repo_config "$config" \
  -go_naming_convention_external import_alias "$@" "$root"
