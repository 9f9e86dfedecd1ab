package testlib_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/wesl"
)

const program = `import wgsl_test::{expect, expectEq};

@test fn ones() { expectEq(1u, 1u); expect(true); }

@compute @workgroup_size(1) fn main() { ones(); }
`

// TestImport compiles a WESL program that imports the expectations, with tests on: the
// compiler resolves wgsl_test to this package, with no runner.
func TestImport(t *testing.T) {
	fsys := wesl.FromFS(fstest.MapFS{
		// A program's own package called wgsl_test comes first.
		"own/wgsl_test/package.wesl": {Data: []byte("public fn expect(c: bool) {}\npublic fn expectEq(a: u32, b: u32) {}\n")},
	})
	tests := []struct {
		name     string
		opts     compiler.Options
		modules  []string // the files of the linked program
		errorHas string
	}{
		{"tests on", compiler.Options{Tests: true}, []string{"main.wesl", "wgsl_test/package.wgsl"}, ""},
		{"own package first", compiler.Options{Tests: true, FS: fsys, Resolver: wesl.DirResolver{FS: fsys, Dirs: map[string]string{"wgsl_test": "own/wgsl_test"}}},
			[]string{"main.wesl", "own/wgsl_test/package.wesl"}, ""},
		{"tests off", compiler.Options{}, nil, "wgsl_test"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opts.FS == nil {
				tt.opts.FS = fsys
			}
			res, err := compiler.Compile(compiler.Source{Name: "main.wesl", Text: []byte(program)}, tt.opts)
			if tt.errorHas != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.errorHas)
				return
			}
			require.NoError(t, err)
			assert.NotEmpty(t, res.SPIRV)
			var files []string
			for _, m := range res.Linked.Modules {
				files = append(files, m.File.Name)
			}
			assert.Equal(t, tt.modules, files)
		})
	}
}
