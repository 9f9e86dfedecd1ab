module github.com/wgslgo/wgslgo/gazelle

go 1.24.0

require (
	github.com/bazelbuild/bazel-gazelle v0.45.0
	github.com/pmezard/go-difflib v1.0.0
	github.com/wgslgo/wgslgo v0.0.0-00010101000000-000000000000
)

require (
	github.com/bazelbuild/buildtools v0.0.0-20240918101019-be1c24cc9a44 // indirect
	github.com/bmatcuk/doublestar/v4 v4.7.1 // indirect
	github.com/google/go-cmp v0.6.0 // indirect
	golang.org/x/mod v0.20.0 // indirect
	golang.org/x/sync v0.10.0 // indirect
	golang.org/x/sys v0.28.0 // indirect
	golang.org/x/tools/go/vcs v0.1.0-deprecated // indirect
)

// The core module, from this checkout: a module published from it would name a version.
replace github.com/wgslgo/wgslgo => ../
