// Command wgslgen turns WGSL shaders into Go: typed structures with the exact memory layout of
// their uniform, storage and immediate data and of their vertex buffers, the embedded SPIR-V
// and WGSL, and one table per shader with everything a host needs to build pipelines and bind
// groups for it (entry points, bind group layouts, vertex buffer layouts, immediates,
// overrides). See package github.com/wgslgo/wgslgo/gen for the generated code and its names.
//
// In a Go package:
//
//	//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen particles.wgsl
//
// or, with the module as a tool dependency (go get -tool github.com/wgslgo/wgslgo/tools/wgslgen):
//
//	//go:generate go tool wgslgen particles.wgsl
//
// writes particles_wgsl.go and particles.spv beside the shader. Several shaders in one
// package go into one file, which -o names; they share their identical structures:
//
//	//go:generate go tool wgslgen -o shaders_wgsl.go blur.wgsl composite.wgsl
//
// Separate lines in one package are fine as long as their names do not collide: wgslgen
// reads the package's other Go files and fails, naming both declarations, when one would.
//
// Flags:
//
//	-o FILE.go            the Go file (default: NAME_wgsl.go beside a single NAME.wgsl)
//	-pkg NAME             the package (default: the package of the directory's Go files, else
//	                      the directory's name)
//	-embed file|inline    SPIR-V in .spv files beside the Go file, //go:embed-ded (default), or
//	                      as literals in the Go file
//	-wgsl inline|none     the WGSL text in the tables, for WebGPU hosts (default inline); a
//	                      2021-draft shader's is its migration to modern WGSL
//	-target ENV           vulkan1.0, vulkan1.1 (default), vulkan1.2 or vulkan1.3
//	-override NAME=VALUE  substitute an override at compile time (repeatable)
//	-uniform-standard-layout
//	                      allow storage-buffer layout rules in uniform buffers
//	-check                write nothing; exit 1 if the files on disk are not what wgslgen
//	                      would write (for CI: wgslgen -check with the flags of the
//	                      //go:generate line; package gencheck does it from a test)
//
// A WESL shader may import shader libraries of other Go modules, which its wesl.toml names
// by module path and directory (lights = { module = "example.com/shaderlib", dir = "lights" }):
// wgslgen finds them with `go list -m` in the shader's module (go.mod's version, replace
// directives, the module cache, vendor/), offline, and names their files module@version in
// the generated file, so that an upgrade makes -check fail. A library whose directory holds
// wgslgen's Go output publishes its structures' Go types, which the generated file uses.
// Bazel's rules give -wesl-packages FILE instead: the manifest of the packages the target
// declares, which resolves every package (see rules/README.md).
//
// The shaders compile in parallel; the output depends only on the shaders (a library's by its
// module version) and the flags: no timestamps or paths.
//
// Exit status: 0 on success; 1 when a shader has errors (printed as file:line:col: error:
// message, with the source line and a caret, like wgslc), when the shaders cannot be
// generated together, when a name clashes with another declaration of the package (every
// clash is reported, with both positions), or when -check finds stale files; 2 for usage and
// I/O errors.
package main

import (
	"os"

	"github.com/wgslgo/wgslgo/gen/wgslgen"
)

func main() {
	os.Exit(wgslgen.Main(os.Args[1:], os.Stderr))
}
