// The example's Go module. Bazel builds it; the go command runs its //go:generate lines
// (go generate ./sim/physics), with wgslgo from this checkout. A module of its own, so that
// `go test ./...` in wgslgo leaves it alone.
module example.com/wgslgo-bazel-example

go 1.24.0

require github.com/wgslgo/wgslgo v0.0.0-00010101000000-000000000000

replace github.com/wgslgo/wgslgo => ../..
