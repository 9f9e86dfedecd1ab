package wesl_test

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/internal/corpus"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// splitProgram scatters the declarations of a one-file WGSL program over modules at random
// and imports them back: named imports, wildcards, paths from package:: and super::, modules
// in a subdirectory. What the host sees (entry points, resources, overrides) stays in the
// root module, main.wesl, with the directives.
func splitProgram(f *syntax.File, rng *rand.Rand) fstest.MapFS {
	text := f.Source.Text
	n := 2 + rng.Intn(8)
	// Module i is m<i>.wesl at the root, or lib/m<i>.wesl.
	inLib := make([]bool, n)
	for i := 1; i < n; i++ {
		inLib[i] = rng.Intn(3) == 0
	}
	modPath := func(i int) []string {
		if i == 0 {
			return []string{"main"}
		}
		if inLib[i] {
			return []string{"lib", fmt.Sprintf("m%d", i)}
		}
		return []string{fmt.Sprintf("m%d", i)}
	}
	bodies := make([]strings.Builder, n)
	names := make([][]string, n)
	for _, d := range f.Directives {
		bodies[0].Write(text[d.Span().Start:d.Span().End])
		bodies[0].WriteString("\n")
	}
	for _, d := range f.Decls {
		m := rng.Intn(n)
		if hostVisible(d) {
			m = 0
		}
		if id := declName(d); id != "" {
			names[m] = append(names[m], id)
		}
		bodies[m].Write(text[d.Span().Start:d.Span().End])
		bodies[m].WriteString("\n\n")
	}
	files := fstest.MapFS{}
	for i := range n {
		var imports strings.Builder
		for j := range n {
			if j == i || len(names[j]) == 0 {
				continue
			}
			path := relativePath(modPath(i), modPath(j), i == 0, rng)
			if rng.Intn(2) == 0 {
				fmt.Fprintf(&imports, "import %s::*;\n", path)
			} else {
				fmt.Fprintf(&imports, "import %s::{%s,};\n", path, strings.Join(names[j], ", "))
			}
		}
		name := "main.wesl"
		if i > 0 {
			name = strings.Join(modPath(i), "/") + ".wesl"
		}
		// Imports come first, then the directives the root keeps.
		files[name] = &fstest.MapFile{Data: []byte(imports.String() + bodies[i].String())}
	}
	return files
}

// relativePath names module to from module from: from the package root, or with super::.
func relativePath(from, to []string, root bool, rng *rand.Rand) string {
	if root || rng.Intn(2) == 0 {
		return "package::" + strings.Join(to, "::")
	}
	// from's parent is from[:len(from)-1]; climb to the package root, then down.
	return strings.Repeat("super::", len(from)) + strings.Join(to, "::")
}

func hostVisible(d syntax.Decl) bool {
	switch d := d.(type) {
	case *syntax.FuncDecl:
		for _, a := range d.Attrs {
			if a.Name.Name == "compute" || a.Name.Name == "vertex" || a.Name.Name == "fragment" {
				return true
			}
		}
	case *syntax.OverrideDecl:
		return true
	case *syntax.VarDecl:
		for _, a := range d.Attrs {
			if a.Name.Name == "group" || a.Name.Name == "binding" {
				return true
			}
		}
	}
	return false
}

func declName(d syntax.Decl) string {
	switch d := d.(type) {
	case *syntax.FuncDecl:
		return d.Name.Name
	case *syntax.StructDecl:
		return d.Name.Name
	case *syntax.AliasDecl:
		return d.Name.Name
	case *syntax.ConstDecl:
		return d.Name.Name
	case *syntax.OverrideDecl:
		return d.Name.Name
	case *syntax.VarDecl:
		return d.Name.Name
	}
	return ""
}

// TestSplitCorpusShaders: every valid corpus shader with entry points, its declarations
// split over modules at random and imported back, links to a program whose SPIR-V is the
// SPIR-V of its linked WGSL compiled as one file, valid; and the linked program holds every
// declaration of the shader that an entry point reaches, under its own name.
//
// Tint and Naga accept the linked WGSL of every shader they accept in one file.
func TestSplitCorpusShaders(t *testing.T) {
	tint := oracle.Tint.Require(t)
	naga := oracle.Naga.Require(t)
	shaders, err := corpus.All()
	require.NoError(t, err)
	rng := rand.New(rand.NewSource(25))
	tested := 0
	for _, s := range shaders {
		if s.Annotated() {
			continue
		}
		src := compiler.Source{Name: "one.wgsl", Text: s.Text}
		one, err := compiler.Compile(src, compiler.Options{NoReflection: true})
		if err != nil || one.SPIRV == nil || one.Program.File.Dialect != syntax.DialectModern {
			continue
		}
		f, diags := syntax.Parse(diag.NewFile("one.wgsl", s.Text), syntax.Options{Dialect: syntax.DialectModern})
		require.False(t, diags.HasErrors())
		tested++
		files := splitProgram(f, rng)
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			opts := compiler.Options{NoReflection: true, FS: wesl.FromFS(files)}
			linked, err := compiler.Compile(compiler.Source{Name: "main.wesl", Text: files["main.wesl"].Data}, opts)
			require.NoError(t, err, "%s", dumpTree(files))
			prog, diags := compiler.Link(compiler.Source{Name: "main.wesl", Text: files["main.wesl"].Data}, opts)
			require.False(t, diags.HasErrors())
			text := prog.WGSL()
			asOne, err := compiler.Compile(compiler.Source{Name: "linked.wgsl", Text: text}, compiler.Options{NoReflection: true})
			require.NoError(t, err, "%s", text)
			require.Equal(t, asOne.SPIRV, linked.SPIRV, "linking then compiling differs from compiling the linked WGSL\n%s", text)
			spirvval.Check(t, linked.SPIRV)
			// Names are the shader's: no collisions to rename.
			for _, fn := range one.Program.File.Decls {
				if name := declName(fn); name != "" && hostVisible(fn) {
					require.Contains(t, string(text), name)
				}
			}
			for _, tool := range []struct {
				name string
				args func(in, dir string) []string
			}{
				{tint, func(in, dir string) []string { return []string{"-o", filepath.Join(dir, "out.wgsl"), in} }},
				{naga, func(in, dir string) []string { return []string{in, filepath.Join(dir, "out.spv")} }},
			} {
				dir := t.TempDir()
				orig, linkedIn := filepath.Join(dir, "one.wgsl"), filepath.Join(dir, "linked.wgsl")
				require.NoError(t, os.WriteFile(orig, s.Text, 0o644))
				require.NoError(t, os.WriteFile(linkedIn, text, 0o644))
				if exec.Command(tool.name, tool.args(orig, dir)...).Run() != nil {
					continue // the tool rejects the shader itself (a known disagreement)
				}
				out, err := exec.Command(tool.name, tool.args(linkedIn, dir)...).CombinedOutput()
				require.NoError(t, err, "%s rejects the linked WGSL: %s\n%s", filepath.Base(tool.name), out, text)
			}
		})
	}
	require.Greater(t, tested, 100, "too few corpus shaders to split")
}

func dumpTree(files fstest.MapFS) string {
	var b strings.Builder
	for name, f := range files {
		fmt.Fprintf(&b, "-- %s --\n%s", name, f.Data)
	}
	return b.String()
}
