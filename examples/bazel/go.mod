// A separate module, so that `go test ./...` in wgslgo leaves this Bazel-only example alone.
module example.com/wgslgo-bazel-example

go 1.24
