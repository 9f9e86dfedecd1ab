module github.com/wgslgo/wgslgo/examples/webgpu

go 1.24.0

require (
	github.com/cogentcore/webgpu v0.23.0
	github.com/stretchr/testify v1.10.0
	github.com/wgslgo/wgslgo v0.0.0-00010101000000-000000000000
	github.com/wgslgo/wgslgo/webgpu v0.0.0-00010101000000-000000000000
)

require (
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

// The modules of this checkout: a program of one's own names published versions instead.
replace (
	github.com/wgslgo/wgslgo => ../..
	github.com/wgslgo/wgslgo/webgpu => ../../webgpu
)
