# Shared by the scripts/bazel-*.sh scripts (sourced, not run): where the offline Bazel cache lives
# and how go.sum's modules become repositories. rules/offline.bzl follows the same conventions.

RULES_GO_VERSION=v0.34.0
GAZELLE_VERSION=v0.45.0
# Bump when the cache's layout or the patches of bazel-setup.sh change: a new key means a fresh
# preparation.
BAZEL_CACHE_LAYOUT=1

# The cache root, and the directory for this set of versions (rules/offline.bzl reaches it through
# the "current" symlink beside it).
bazel_cache=${WGSLGO_BAZEL_CACHE:-${HOME:?HOME or WGSLGO_BAZEL_CACHE must be set}/.cache/wgslgo-bazel}
bazel_cache_key="v${BAZEL_CACHE_LAYOUT}-$(go env GOVERSION)-$(go env GOOS)_$(go env GOARCH)-rules_go_${RULES_GO_VERSION}-gazelle_${GAZELLE_VERSION}"
bazel_cache_dir="$bazel_cache/$bazel_cache_key"

# repo_name PATH: the repository name Gazelle gives a Go import path
# (label.ImportPathToBazelRepoName): host reversed, then "/", "." and "-" become "_".
repo_name() {
  local p host rest="" rev="" i parts
  p=$(printf '%s' "$1" | tr 'A-Z' 'a-z')
  host=${p%%/*}
  [ "$host" != "$p" ] && rest=${p#*/}
  IFS=. read -ra parts <<<"$host"
  for ((i = ${#parts[@]} - 1; i >= 0; i--)); do
    rev+="${rev:+.}${parts[$i]}"
  done
  printf '%s\n' "${rev}${rest:+/$rest}" | tr '/.-' '___'
}

# go_sum_modules GO_SUM: "path version" of every module whose source go.sum pins. Each version
# is prepared; rules/offline.bzl picks the newest of each path, as the build list does.
go_sum_modules() {
  awk '$2 !~ /\/go\.mod$/ { print $1, $2 }' "$1" | sort -u
}

# gazelle_repo_config GO_SUM: go_repository rules naming every module, for Gazelle's
# -repo_config, so that it resolves imports without asking the network.
gazelle_repo_config() {
  local path version
  go_sum_modules "$1" | while read -r path version; do
    printf 'go_repository(name = "%s", importpath = "%s")\n' "$(repo_name "$path")" "$path"
  done
}
