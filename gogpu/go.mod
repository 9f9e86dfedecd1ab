module github.com/wgslgo/wgslgo/gogpu

go 1.25.0

require (
	github.com/gogpu/gputypes v0.5.2
	github.com/gogpu/wgpu v0.31.5
	github.com/stretchr/testify v1.10.0
	github.com/wgslgo/wgslgo v0.0.0-00010101000000-000000000000
)

require (
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/go-webgpu/goffi v0.6.3 // indirect
	github.com/go-webgpu/webgpu v0.5.5 // indirect
	github.com/gogpu/gpucontext v0.28.0 // indirect
	github.com/gogpu/naga v0.18.0 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/tools v0.39.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

// The core module, from this checkout: a module published from it would name a version.
replace github.com/wgslgo/wgslgo => ../
