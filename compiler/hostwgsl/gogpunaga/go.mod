module github.com/wgslgo/wgslgo/compiler/hostwgsl/gogpunaga

go 1.25

require (
	github.com/gogpu/naga v0.18.0
	github.com/stretchr/testify v1.10.0
	github.com/wgslgo/wgslgo v0.0.0-00010101000000-000000000000
)

require (
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/tools v0.39.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

// The core module, from this checkout: a module published from it would name a version.
replace github.com/wgslgo/wgslgo => ../../..
