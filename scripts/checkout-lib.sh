# Shared by scripts/check-generated.sh and scripts/mutation-check.sh (sourced, not run): they
# work on a copy of the checkout, never on the checkout itself.

# copy_checkout ROOT DEST: copies the tracked and untracked (not ignored) files of the checkout
# at ROOT, as they are in the working tree, into DEST. Tracked files deleted in the working tree
# are not there to copy.
copy_checkout() {
  (cd "$1" && git ls-files -z --cached --others --exclude-standard |
    tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null) | tar -C "$2" -xf -
}

# reference_dir ROOT: prints the shared reference texts' directory, as internal/oracle finds it:
# $WGSLGO_REFERENCE, else shared/reference in the nearest directory above ROOT that has one.
# Fails when there is none.
reference_dir() {
  if [ -n "${WGSLGO_REFERENCE:-}" ]; then
    printf '%s\n' "$WGSLGO_REFERENCE"
    return
  fi
  local dir=$1
  while [ ! -d "$dir/shared/reference" ]; do
    [ "$dir" = / ] && return 1
    dir=$(dirname "$dir")
  done
  printf '%s\n' "$dir/shared/reference"
}
