// Package testlib is wgsl_test, the expectations of @test functions (expect, expectEq,
// expectNear...: wgsl_test/package.wgsl), as a WESL package built into the compiler: with
// compiler.Options.Tests, a program imports them as wesl-js's wgsl-test documents,
//
//	import wgsl_test::expectNear;
//	import wgsl_test::{expectEq, expectNear};
//
// and its diagnostics name the module's file wgsl_test/package.wgsl.
package testlib

import (
	"embed"

	"github.com/wgslgo/wgslgo/compiler/wesl"
)

// Name is the package's name in import paths.
const Name = "wgsl_test"

// File is the name of the package's top module in positions.
const File = Name + "/package.wgsl"

//go:embed wgsl_test/package.wgsl
var files embed.FS

// Text is the WGSL of the expectations. Embedded as a string, it is data in the binary, not
// a copy made when every process that links the package starts.
//
//go:embed wgsl_test/package.wgsl
var Text string

// Resolver resolves the name wgsl_test to the package; chain it after a program's own
// resolvers (wesl.Resolvers), so that a package of the program's called wgsl_test wins.
type Resolver struct{}

func (Resolver) Resolve(from *wesl.Package, name string) (*wesl.Package, error) {
	if name != Name {
		return nil, nil
	}
	return &wesl.Package{Name: Name, FS: wesl.FromFS(files), Dir: Name}, nil
}
