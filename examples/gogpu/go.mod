module github.com/wgslgo/wgslgo/examples/gogpu

go 1.25.0

require (
	github.com/gogpu/gputypes v0.5.2
	github.com/gogpu/wgpu v0.31.5
	github.com/wgslgo/wgslgo v0.0.0-00010101000000-000000000000
	github.com/wgslgo/wgslgo/gogpu v0.0.0-00010101000000-000000000000
)

require (
	github.com/go-webgpu/goffi v0.6.3 // indirect
	github.com/go-webgpu/webgpu v0.5.5 // indirect
	github.com/gogpu/gpucontext v0.28.0 // indirect
	github.com/gogpu/naga v0.18.0 // indirect
)

// The modules of this checkout: a program of one's own names published versions instead.
replace (
	github.com/wgslgo/wgslgo => ../..
	github.com/wgslgo/wgslgo/gogpu => ../../gogpu
)
