package wesl_test

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// program is a tree of files whose root is main.wesl.
func program(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

func compile(t *testing.T, fsys fstest.MapFS, opts compiler.Options) (*compiler.Result, diag.List) {
	t.Helper()
	opts.FS = wesl.FromFS(fsys)
	res, err := compiler.Compile(compiler.Source{Name: "main.wesl", Text: fsys["main.wesl"].Data}, opts)
	if err != nil {
		var list diag.List
		require.True(t, errors.As(err, &list), "%v", err)
		return nil, list
	}
	return res, res.Warnings
}

// TestDiagnosticsPointIntoImportedFiles: every kind of diagnostic (syntax, type,
// uniformity, pipeline) points into the file that holds the code, with a note per import
// on the way from the root.
func TestDiagnosticsPointIntoImportedFiles(t *testing.T) {
	chain := map[string]string{
		"main.wesl": `import package::lighting::shade;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1)
fn main() { out[0] = shade(1.0); }
`,
		"lighting.wesl": `import package::util::noise::hash;
fn shade(x: f32) -> f32 { return hash(x); }
`,
	}
	tests := []struct {
		name, noise, want string
	}{
		{"syntax", "fn hash(x: f32) -> f32 { return x +; }\n", `util/noise.wesl:1:36: error: expected expression, found ';'
fn hash(x: f32) -> f32 { return x +; }
                                   ^
lighting.wesl:1:8: note: util/noise.wesl is imported here
import package::util::noise::hash;
       ^~~~~~~~~~~~~~~~~~~~~~~~~~
main.wesl:1:8: note: lighting.wesl is imported here
import package::lighting::shade;
       ^~~~~~~~~~~~~~~~~~~~~~~~
`},
		{"type", "fn hash(x: f32) -> f32 {\n  let n: u32 = x;\n  return f32(n);\n}\n", `util/noise.wesl:2:16: error: cannot use a value of type f32 as u32 to initialize 'n'
  let n: u32 = x;
               ^
lighting.wesl:1:8: note: util/noise.wesl is imported here
import package::util::noise::hash;
       ^~~~~~~~~~~~~~~~~~~~~~~~~~
main.wesl:1:8: note: lighting.wesl is imported here
import package::lighting::shade;
       ^~~~~~~~~~~~~~~~~~~~~~~~
`},
		{"uniformity", "@group(0) @binding(1) public var<storage, read_write> flags: array<u32>;\nfn hash(x: f32) -> f32 {\n  if flags[0] > 0u { workgroupBarrier(); }\n  return x;\n}\n", `util/noise.wesl:3:22: error: `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"util/noise.wesl": tt.noise}
			for k, v := range chain {
				files[k] = v
			}
			if tt.name == "uniformity" {
				files["main.wesl"] = "public import package::util::noise::flags;\n" + files["main.wesl"]
			}
			_, diags := compile(t, program(files), compiler.Options{})
			require.True(t, diags.HasErrors())
			var b bytes.Buffer
			diags.Errors()[:1].Print(&b)
			if strings.HasSuffix(tt.want, "\n") {
				assert.Equal(t, tt.want, b.String())
			} else {
				assert.Contains(t, b.String(), tt.want)
			}
		})
	}
}

// TestPipelineErrorInImportedFile: a binding collision between the root's variable and one
// the root re-exports points at both declarations, in their files.
func TestPipelineErrorInImportedFile(t *testing.T) {
	_, diags := compile(t, program(map[string]string{
		"main.wesl": `public import package::lib::data;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(1)
fn main() { out[0] = data[0]; }
`,
		"lib.wesl": "@group(0) @binding(0) public var<storage> data: array<f32>;\n",
	}), compiler.Options{})
	require.True(t, diags.HasErrors())
	var b bytes.Buffer
	diags.Print(&b)
	assert.Regexp(t, regexp.MustCompile(`(?s)(main|lib)\.wesl:\d+:\d+: error: .*binding.*(lib|main)\.wesl:\d+:\d+: note`), b.String())
}

// TestDebugLinesPointIntoModules: -g gives every file its OpString and the instructions of
// an imported function OpLine into its own file.
func TestDebugLinesPointIntoModules(t *testing.T) {
	res, diags := compile(t, program(map[string]string{
		"main.wesl": `import package::util::twice;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(1)
fn main() { out[0] = twice(out[1]); }
`,
		"util.wesl": "\n\nfn twice(x: f32) -> f32 {\n  return x * 2.0;\n}\n",
	}), compiler.Options{Debug: true})
	require.False(t, diags.HasErrors(), "%v", diags)
	spirvval.Check(t, res.SPIRV)
	dis := spirvval.Disassemble(res.SPIRV)
	require.Regexp(t, `%1 = OpString "main.wesl"`, dis)
	require.Regexp(t, `%2 = OpString "util.wesl"`, dis)
	assert.Regexp(t, `OpLine %2 4 \d+`, dis, "the multiplication is on line 4 of util.wesl")
	assert.Regexp(t, `OpLine %1 4 \d+`, dis, "main's body is on line 4 of main.wesl")
}
