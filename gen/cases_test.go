package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// genCase is a set of shaders generated into one package: the .wgsl files of
// testdata/NAME.txtar, or a shader of the project.
type genCase struct {
	name   string
	embed  EmbedMode
	target compiler.Target // the compiler's default when empty
	prefix bool            // Options.Prefix
	files  func(t testing.TB) []txtar.File
}

// options are the case's options for Generate.
func (c genCase) options() Options { return Options{Package: c.name, Embed: c.embed, Prefix: c.prefix} }

// fixture returns the shaders of testdata/name.txtar.
func fixture(name string) func(t testing.TB) []txtar.File {
	return func(t testing.TB) []txtar.File {
		ar, err := txtar.ParseFile(filepath.Join("testdata", name+".txtar"))
		require.NoError(t, err)
		return ar.Files
	}
}

// genCases cover every shape of the Go side of the layout rules, each binding kind, vertex
// buffers, immediates, overrides, constants, several shaders in a package and names that
// collide with the generator's own.
var genCases = []genCase{
	{name: "particles", files: func(t testing.TB) []txtar.File {
		src, err := os.ReadFile("../examples/particles/particles.wgsl")
		require.NoError(t, err)
		return []txtar.File{{Name: "particles.wgsl", Data: src}}
	}},
	{name: "matrices", files: fixture("matrices")},
	{name: "arrays", files: fixture("arrays")},
	{name: "halfs", files: fixture("halfs")},
	{name: "nested", files: fixture("nested")},
	{name: "legacy", files: fixture("legacy")},
	{name: "resources", files: fixture("resources")},
	{name: "slots", files: fixture("slots")},
	{name: "levels", files: fixture("levels")},
	{name: "overrides", embed: EmbedInline, target: compiler.Vulkan13, files: fixture("overrides")},
	{name: "constants", files: fixture("constants")},
	{name: "vertex", files: fixture("vertex")},
	{name: "shared", files: fixture("shared")},
	{name: "prefix", prefix: true, files: fixture("prefix")},
	{name: "immediates", files: fixture("immediates")},
	{name: "locals", files: fixture("locals")},
	{name: "traps", files: fixture("traps")},
	{name: "subgroups", target: compiler.Vulkan13, files: fixture("subgroups")},
}

func (c genCase) shaders(t testing.TB) []Shader {
	var out []Shader
	for _, f := range c.files(t) {
		if strings.HasSuffix(f.Name, ".wgsl") {
			out = append(out, compileShader(t, f.Name, f.Data, c.target))
		}
	}
	require.NotEmpty(t, out)
	return out
}

// compileShader compiles a shader and prepares it as wgslgen does: SPIR-V (checked with
// spirv-val), reflection, WGSL text for WebGPU hosts, positions.
func compileShader(t testing.TB, name string, src []byte, target compiler.Target) Shader {
	t.Helper()
	sh, err := prepare(name, src, target)
	require.NoError(t, err)
	if target == "" {
		target = compiler.Vulkan11
	}
	spirvval.Check(t, sh.SPIRV, string(target))
	return sh
}

// prepare compiles a shader into a Shader; the error holds the compiler's diagnostics.
func prepare(name string, src []byte, target compiler.Target) (Shader, error) {
	source := compiler.Source{Name: name, Text: src}
	res, err := compiler.Compile(source, compiler.Options{Target: target})
	if err != nil {
		return Shader{}, err
	}
	w, _, err := compiler.HostWGSL(source, compiler.Options{})
	if err != nil {
		return Shader{}, err
	}
	sh := Shader{Name: name, SPIRV: res.SPIRV, Reflection: res.Reflection, Positions: compiler.DeclPositions(res.Program),
		WGSL: &WGSL{Text: w.Text, Overrides: map[string]OverrideText{}}}
	for n, o := range w.Overrides {
		sh.WGSL.Overrides[n] = OverrideText{Decl: wgsl.TextRange{Start: o.Decl[0], End: o.Decl[1]}, Init: wgsl.TextRange{Start: o.Init[0], End: o.Init[1]}}
	}
	sh.WGSL.Immediates = map[string]wgsl.TextRange{}
	for n, r := range w.Immediates {
		sh.WGSL.Immediates[n] = wgsl.TextRange{Start: r[0], End: r[1]}
	}
	sh.WGSL.ImmediateFeature = wgsl.TextRange{Start: w.ImmediateFeature[0], End: w.ImmediateFeature[1]}
	return sh, nil
}
