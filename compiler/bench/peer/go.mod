module github.com/wgslgo/wgslgo/compiler/bench/peer

go 1.25

require (
	github.com/gogpu/naga v0.18.0
	github.com/wgslgo/wgslgo v0.0.0-00010101000000-000000000000
)

require golang.org/x/tools v0.39.0 // indirect

// The core module, from this checkout.
replace github.com/wgslgo/wgslgo => ../../..
