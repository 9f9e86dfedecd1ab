package gen

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/layout"
	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/corpus"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// goTool returns the go command, or skips the test when there is none (under Bazel, say).
func goTool(t *testing.T) string {
	return oracle.GoCommand(t, "builds generated code")
}

// repoRoot is the root of this module, which the temporary modules replace
// github.com/wgslgo/wgslgo with.
func repoRoot(t *testing.T) string {
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(root, "go.mod"))
	require.NoError(t, err)
	return root
}

// tempModule writes a module that requires this one through a replace directive, with this
// module's go.sum, so that it builds offline (GOPROXY=off: the runtime package has no
// dependencies outside the standard library).
func tempModule(t *testing.T) string {
	dir := t.TempDir()
	root := repoRoot(t)
	gomod := fmt.Sprintf("module example.com/gentest\n\ngo 1.24\n\nrequire github.com/wgslgo/wgslgo v0.0.0\n\nreplace github.com/wgslgo/wgslgo => %s\n", root)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	return dir
}

// writeOutput writes a generated package into dir/pkg.
func writeOutput(t *testing.T, dir, pkg string, out *Output) {
	pdir := filepath.Join(dir, pkg)
	require.NoError(t, os.MkdirAll(pdir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(pdir, pkg+"_wgsl.go"), out.Go, 0o644))
	for _, f := range out.Files {
		require.NoError(t, os.WriteFile(filepath.Join(pdir, f.Name), f.Content, 0o644))
	}
}

func goCommand(t *testing.T, dir string, args ...string) (string, error) {
	cmd := exec.Command(goTool(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestGeneratedCodeBuilds builds and vets the generated code of every case and of every
// shader of the project's test corpus that compiles, each in a package of a temporary module,
// and runs a program that checks each structure: sizes and offsets against the numbers
// compiler/layout gives the reflection's types (rebuilt from their descriptors, independently
// of gen), and that Encode(Decode(b)) keeps exactly the bytes WGSL's layout gives a value
// (data bytes kept, padding zeroed), that Bytes is the same bytes, and that the runtime-sized
// helpers agree with each other; vertex structures against their layouts.
func TestGeneratedCodeBuilds(t *testing.T) {
	goTool(t)
	t.Parallel()
	dir := tempModule(t)
	var prog checkProgram
	for _, c := range genCases {
		shaders := c.shaders(t)
		out, err := Generate(shaders, c.options())
		require.NoError(t, err)
		writeOutput(t, dir, c.name, out)
		prog.add(t, c.name, shaders, c.prefix, out.Names)
	}
	shaders, err := corpus.All()
	require.NoError(t, err)
	built := 0
	for i, sh := range shaders {
		if sh.Annotated() {
			continue
		}
		s, err := prepare(sh.Base(), sh.Text, "")
		if err != nil || len(s.Reflection.EntryPoints) == 0 {
			continue // a fixture of an error, or of declarations only
		}
		spirvval.Check(t, s.SPIRV, "vulkan1.1")
		pkg := fmt.Sprintf("corpus%03d", i)
		out, err := Generate([]Shader{s}, Options{Package: pkg})
		require.NoError(t, err, "%s", sh.Name)
		writeOutput(t, dir, pkg, out)
		prog.add(t, pkg, []Shader{s}, false, out.Names)
		built++
	}
	t.Logf("generated %d shaders of the corpus", built)
	require.Greater(t, built, 90)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "check"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "check", "main.go"), prog.source(), 0o644))

	out, err := goCommand(t, dir, "vet", "./...")
	require.NoError(t, err, "go vet:\n%s", out)
	out, err = goCommand(t, dir, "run", "./check")
	require.NoError(t, err, "the check program:\n%s", out)
	assert.Contains(t, out, "ok: ")
	t.Log(strings.TrimSpace(out))
}

// TestGuardsBreakTheBuild edits generated structures the way a person might (a padding field
// removed, a field's type changed) and expects go build to fail at the layout guards.
func TestGuardsBreakTheBuild(t *testing.T) {
	goTool(t)
	t.Parallel()
	out := generateCase(t, genCases[0]) // particles
	src := string(out.Go)
	edits := []struct {
		name      string
		old, new  string
		wantGuard string
	}{
		{"padding removed", "\t_       [12]byte     // padding\n}", "}", "unsafe.Sizeof(SimParams{})-80"},
		{"type changed", "Mass     float32    // mass", "Mass     float64    // mass", "unsafe.Offsetof(Particle{}.Velocity)-16"},
		{"field moved", "\tDt      float32      // dt: f32, offset 12, size 4\n", "", "unsafe.Offsetof(SimParams{}.Dt)"},
	}
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			t.Parallel()
			edited := src
			if strings.Contains(e.old, "Dt ") {
				// Move dt after count: its offset changes, the size does not.
				edited = strings.Replace(edited, e.old, "", 1)
				edited = strings.Replace(edited, "\tCount   uint32       // count: u32, offset 64, size 4\n",
					"\tCount   uint32       // count: u32, offset 64, size 4\n"+e.old, 1)
			} else {
				require.Contains(t, edited, e.old)
				edited = strings.Replace(edited, e.old, e.new, 1)
			}
			require.NotEqual(t, src, edited)
			dir := tempModule(t)
			writeOutput(t, dir, "particles", &Output{Go: []byte(edited), Files: out.Files})
			msg, err := goCommand(t, dir, "build", "./...")
			require.Error(t, err, "go build accepted a drifted layout")
			// The error points at a guard line, and the compiler says why.
			line := guardLine(t, edited, e.wantGuard)
			assert.Regexp(t, regexp.MustCompile(fmt.Sprintf(`particles_wgsl\.go:%d:\d+: .*(out of bounds|overflows|must not be negative)`, line)), msg)
		})
	}
}

// guardLine returns the line number of the guard containing text.
func guardLine(t *testing.T, src, text string) int {
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "_ = x[") && strings.Contains(l, text) {
			return i + 1
		}
	}
	t.Fatalf("no guard %q", text)
	return 0
}

// checkProgram is the source of the program TestGeneratedCodeBuilds runs.
type checkProgram struct {
	imports []string
	body    bytes.Buffer
}

func (p *checkProgram) printf(format string, args ...any) { fmt.Fprintf(&p.body, format+"\n", args...) }

// add adds the checks of one generated package, computing every expected number of a
// structure with compiler/layout, independently of the code gen emits. Every shader's
// structures are checked by the names it gives them (with prefix, Options.Prefix, its own
// ones); the helpers of a runtime-sized structure where names, the package's names, has
// them.
func (p *checkProgram) add(t *testing.T, pkg string, shaders []Shader, prefix bool, names []Name) {
	p.imports = append(p.imports, pkg)
	seen := map[string]bool{}
	declared := map[string]bool{}
	for _, n := range names {
		declared[n.Name] = true
	}
	for _, s := range shaders {
		byName, l := layoutTypes(t, s.Reflection)
		table := pkg + "." + tableName(GoName(stem(s.Name)))
		p.printf("checkSPIRV(%q, %s.SPIRV, %s.Words(), %d)", table, table, table, len(s.SPIRV))
		structName := func(name string) string {
			if prefix {
				return prefixed(GoName(stem(s.Name)), name)
			}
			return GoName(name)
		}
		for _, rs := range s.Reflection.Structs {
			if seen[structName(rs.Name)] {
				continue
			}
			seen[structName(rs.Name)] = true
			ts := byName[rs.Name]
			goName := pkg + "." + structName(rs.Name)
			names := newFieldNames(rs.Name, structMethods...)
			sl := l.Struct(ts)
			if !(sl.RuntimeSized && len(rs.Members) == 1) {
				p.printf("checkSize(%q, unsafe.Sizeof(%s{}), %d)", goName, goName, sl.Size)
			}
			for i, m := range rs.Members {
				f, err := names.name(m.Name, m.Name)
				require.NoError(t, err)
				if sl.RuntimeSized && i == len(rs.Members)-1 {
					continue
				}
				p.printf("checkOffset(%q, unsafe.Offsetof(%s{}.%s), %d)", goName+"."+f, goName, f, sl.Members[i].Offset)
			}
			header := make([]byte, sl.Size)
			for i, m := range ts.Members {
				if a, ok := m.Type.(*types.Array); ok && a.IsRuntimeSized() {
					continue
				}
				dataMask(l, m.Type, header, sl.Members[i].Offset)
			}
			if !sl.RuntimeSized {
				p.printf("checkStruct[%s](%q, %q)", goName, goName, fmt.Sprintf("%x", header))
				continue
			}
			a, off, stride, _ := l.RuntimeArray(ts)
			elem := make([]byte, stride)
			dataMask(l, a.Elem, elem, 0)
			n := structName(rs.Name)
			if !declared[n+"Size"] {
				continue // an alias: the helpers are the first declaration's
			}
			if len(rs.Members) == 1 {
				p.printf("checkElements(%q, %s.%sSize, %s.Append%s, %s.Decode%s, %s.View%s, %d, %q)",
					goName, pkg, n, pkg, n, pkg, n, pkg, n, stride, fmt.Sprintf("%x", elem))
				continue
			}
			p.printf("checkRuntime(%q, %s.%sSize, %s.Append%s, %s.Decode%s, %s.View%s, %d, %d, %q, %q)",
				goName, pkg, n, pkg, n, pkg, n, pkg, n, off, stride, fmt.Sprintf("%x", header), fmt.Sprintf("%x", elem))
		}
		p.addBindChecks(pkg, s)
		for ei, e := range s.Reflection.EntryPoints {
			for bi, b := range e.VertexBuffers {
				vs := pkg + "." + structName(b.Struct)
				if b.Struct == "" {
					vs = pkg + "." + prefixed(GoName(stem(s.Name)), e.Name) + "Input"
				}
				layout := fmt.Sprintf("%s.EntryPoints[%d].VertexBuffers[%d]", table, ei, bi)
				p.printf("checkSize(%q, unsafe.Sizeof(%s{}), %d)", vs, vs, b.Stride)
				p.printf("checkSize(%q, uintptr(%s.ArrayStride), %d)", layout, layout, b.Stride)
				names := newFieldNames(vs, structMethods...)
				for ai, a := range b.Attributes {
					f, err := names.name(a.Name, a.Name)
					require.NoError(t, err)
					p.printf("checkOffset(%q, unsafe.Offsetof(%s{}.%s), %d)", vs+"."+f, vs, f, a.Offset)
					p.printf("checkOffset(%q, uintptr(%s.Attributes[%d].Offset), %d)", layout, layout, ai, a.Offset)
				}
				p.printf("checkStruct[%s](%q, %q)", vs, vs, "")
			}
		}
	}
}

// addBindChecks calls each SGroupN function of a shader's groups with a recording binder and
// checks that it hands the binder one value per binding, in the group's order, each the
// binding's kind, with the table's entry: what the reflection says, not what gen computed.
// Groups whose entry points use one binding number for several variables, and groups with a
// texture_external, have other functions or none (TestBindGroupFunctions).
func (p *checkProgram) addBindChecks(pkg string, s Shader) {
	table := pkg + "." + tableName(GoName(stem(s.Name)))
	type entry struct {
		at int // the index in the table's group
		b  wgslreflect.Binding
	}
	var groups [][]entry
	skip := map[int]bool{}
	for i, b := range s.Reflection.Bindings {
		for len(groups) <= b.Group {
			groups = append(groups, nil)
		}
		at := len(groups[b.Group])
		groups[b.Group] = append(groups[b.Group], entry{at, b})
		if b.ExternalTexture != nil || i > 0 && s.Reflection.Bindings[i-1].Group == b.Group && s.Reflection.Bindings[i-1].Binding == b.Binding {
			skip[b.Group] = true
		}
	}
	for g, bs := range groups {
		var entries []int
		var args []string
		for _, e := range bs {
			if e.b.ExternalPart != nil {
				continue
			}
			entries = append(entries, e.at)
			n := len(entries)
			switch {
			case e.b.Buffer != nil:
				args = append(args, fmt.Sprintf("bindBuffer{%d}", n))
			case e.b.Sampler != nil:
				args = append(args, fmt.Sprintf("bindSampler{%d}", n))
			default:
				args = append(args, fmt.Sprintf("bindTexture{%d}", n))
			}
		}
		if len(entries) == 0 || skip[g] {
			continue
		}
		name := fmt.Sprintf("%s.%sGroup%d", pkg, GoName(stem(s.Name)), g)
		p.printf("checkBind(%s(&recorder{%q, &%s.Shader, %d, %#v}, %s))", name, name, table, g, entries, strings.Join(args, ", "))
	}
}

// layoutTypes rebuilds the structures of a reflection as compiler/types values from their
// descriptors, and returns them with the layouts compiler/layout gives them: the numbers the
// generated code must have, computed without gen. The test fails when the reflection's own
// numbers differ from them.
func layoutTypes(t *testing.T, m *wgslreflect.Module) (map[string]*types.Struct, *layout.Layouts) {
	byName := map[string]*types.Struct{}
	for _, s := range m.Structs {
		byName[s.Name] = &types.Struct{Name: s.Name}
	}
	var typeOf func(d wgslreflect.Type) types.Type
	scalar := func(name string) *types.Scalar {
		s := map[string]*types.Scalar{"f32": types.F32, "f16": types.F16, "i32": types.I32, "u32": types.U32, "bool": types.Bool}[name]
		require.NotNil(t, s, name)
		return s
	}
	typeOf = func(d wgslreflect.Type) types.Type {
		switch d.Kind {
		case wgslreflect.KindScalar:
			return scalar(d.Scalar)
		case wgslreflect.KindVector:
			return types.Vec(d.Components, scalar(d.Scalar))
		case wgslreflect.KindMatrix:
			return types.Mat(d.Columns, d.Rows, scalar(d.Scalar))
		case wgslreflect.KindAtomic:
			return &types.Atomic{Elem: scalar(d.Scalar)}
		case wgslreflect.KindArray:
			a := &types.Array{Elem: typeOf(*d.Element), Count: d.Count}
			if l := layout.New(layout.Options{}); d.Stride != l.ArrayStride(&types.Array{Elem: a.Elem, Count: max(a.Count, 1)}) {
				a.Stride = d.Stride // a 2021-draft explicit stride
			}
			return a
		case wgslreflect.KindStruct:
			require.NotNil(t, byName[d.Struct], d.Struct)
			return byName[d.Struct]
		}
		t.Fatalf("a member of type %s", d.WGSL)
		return nil
	}
	for _, s := range m.Structs {
		ts := byName[s.Name]
		for i, mem := range s.Members {
			tm := &types.Member{Name: mem.Name, Type: typeOf(mem.Type), Offset: -1, IO: types.NoIO}
			// The layout attributes the member needs to reproduce the reflection's numbers:
			// @size and @align where they differ from the type's, the 2021 draft's explicit
			// offset where the natural placement differs.
			l := layout.New(layout.Options{})
			if mem.Size != l.SizeOf(tm.Type) && !(i == len(s.Members)-1 && s.RuntimeSized) {
				tm.Size = mem.Size
			}
			if mem.Align != l.AlignOf(tm.Type) {
				tm.Align = mem.Align
			}
			ts.Members = append(ts.Members, tm)
			if got := l.Struct(ts).Members[i].Offset; got != mem.Offset {
				tm.Offset = mem.Offset
			}
		}
	}
	l := layout.New(layout.Options{})
	for _, s := range m.Structs {
		sl := l.Struct(byName[s.Name])
		require.Equal(t, s.Size, sl.Size, "struct %s: the reflection's size differs from compiler/layout's", s.Name)
		require.Equal(t, s.Align, sl.Align, "struct %s: the reflection's alignment differs from compiler/layout's", s.Name)
		for i, mem := range s.Members {
			require.Equal(t, mem.Offset, sl.Members[i].Offset, "%s.%s: the reflection's offset differs from compiler/layout's", s.Name, mem.Name)
		}
	}
	return byName, l
}

// dataMask sets the bytes of mask that hold the value of a t at off: everything but padding.
func dataMask(l *layout.Layouts, t types.Type, mask []byte, off int) {
	set := func(off, n int) {
		for i := range n {
			mask[off+i] = 0xff
		}
	}
	switch t := t.(type) {
	case *types.Scalar:
		set(off, t.Size())
	case *types.Atomic:
		set(off, t.Elem.Size())
	case *types.Vector:
		set(off, t.N*t.Elem.Size())
	case *types.Matrix:
		for c := range t.Cols {
			set(off+c*l.MatrixStride(t), t.Rows*t.Elem.Size())
		}
	case *types.Array:
		for i := range t.Count {
			dataMask(l, t.Elem, mask, off+i*l.ArrayStride(t))
		}
	case *types.Struct:
		sl := l.Struct(t)
		for i, m := range t.Members {
			dataMask(l, m.Type, mask, off+sl.Members[i].Offset)
		}
	}
}

func (p *checkProgram) source() []byte {
	var b bytes.Buffer
	b.WriteString("package main\n\nimport (\n\t\"bytes\"\n\t\"encoding/hex\"\n\t\"fmt\"\n\t\"os\"\n\t\"unsafe\"\n\n\t\"github.com/wgslgo/wgslgo/gen/wgsl\"\n")
	for _, imp := range p.imports {
		fmt.Fprintf(&b, "\t%q\n", "example.com/gentest/"+imp)
	}
	b.WriteString(")\n\nfunc main() {\n")
	b.Write(p.body.Bytes())
	b.WriteString("\tif failed {\n\t\tos.Exit(1)\n\t}\n\tfmt.Printf(\"ok: %d checks\\n\", checks)\n}\n")
	b.WriteString(checkHelpers)
	return b.Bytes()
}

const checkHelpers = `
var (
	failed bool
	checks int
	seed   uint64 = 0x9e3779b97f4a7c15
)

// The values a recorder's bind group functions take, numbered by parameter from 1.
type (
	bindBuffer  struct{ n int }
	bindTexture struct{ n int }
	bindSampler struct{ n int }
)

// recorder is a wgsl.Binder that checks what a bind group function gives it: the table's
// shader and group, and for the i-th binding its entries[i]-th entry with value i+1 in the
// field of its kind.
type recorder struct {
	name    string
	shader  *wgsl.Shader
	group   uint32
	entries []int
}

func (r *recorder) BindGroup(s *wgsl.Shader, group uint32, rs []wgsl.Resource[bindBuffer, bindTexture, bindSampler]) (string, error) {
	if s != r.shader || group != r.group || len(rs) != len(r.entries) {
		return "", fmt.Errorf("%s: group %d of %s with %d values, want group %d of %s with %d", r.name, group, s.Source, len(rs), r.group, r.shader.Source, len(r.entries))
	}
	for i, res := range rs {
		b := &s.BindGroups[group].Entries[r.entries[i]]
		var want wgsl.Resource[bindBuffer, bindTexture, bindSampler]
		want.Binding = b
		switch {
		case b.Buffer != nil:
			want.Buffer.n = i + 1
		case b.Sampler != nil:
			want.Sampler.n = i + 1
		default:
			want.Texture.n = i + 1
		}
		if res != want {
			return "", fmt.Errorf("%s: value %d is %+v, want %+v", r.name, i, res, want)
		}
	}
	return r.name, nil
}

func checkBind(name string, err error) {
	checks++
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Printf(format+"\n", args...)
	failed = true
}

// random returns n pseudo-random bytes (xorshift: the same every run).
func random(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		b[i] = byte(seed)
	}
	return b
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func checkSize(name string, got, want uintptr) {
	checks++
	if got != want {
		fail("%s: size %d, want %d", name, got, want)
	}
}

func checkOffset(name string, got, want uintptr) {
	checks++
	if got != want {
		fail("%s: offset %d, want %d", name, got, want)
	}
}

func checkSPIRV(name string, b []byte, words []uint32, n int) {
	checks++
	if len(b) != 4*n || len(words) != n || words[0] != 0x07230203 {
		fail("%s: SPIR-V of %d bytes, %d words, want %d words", name, len(b), len(words), n)
	}
}

type codec interface {
	Encode([]byte)
	Decode([]byte)
	Bytes() []byte
}

// masked returns b with the bytes outside mask zeroed.
func masked(b, mask []byte) []byte {
	out := make([]byte, len(b))
	for i := range b {
		if i < len(mask) {
			out[i] = b[i] & mask[i]
		}
	}
	return out
}

// checkStruct checks that Encode(Decode(b)) is b with its padding zeroed (the padding given
// by maskHex, or not checked when maskHex is ""), and that Bytes is the same.
func checkStruct[T any, P interface {
	*T
	codec
}](name, maskHex string) {
	checks++
	size := int(unsafe.Sizeof(*new(T)))
	src := random(size)
	var v T
	P(&v).Decode(src)
	out := random(size) // Encode must overwrite every byte
	P(&v).Encode(out)
	if maskHex != "" {
		if want := masked(src, mustHex(maskHex)); !bytes.Equal(out, want) {
			fail("%s: Encode(Decode(b)) =\n%x, want\n%x", name, out, want)
		}
	}
	if !bytes.Equal(P(&v).Bytes(), out) {
		fail("%s: Bytes =\n%x, Encode =\n%x", name, P(&v).Bytes(), out)
	}
}

// checkElements checks the helpers of a structure that is nothing but a runtime-sized array.
func checkElements[E any](name string, size func(int) int, app func([]byte, []E) []byte, dec func([]byte) []E,
	view func([]byte) ([]E, error), stride int, elemHex string) {
	checks++
	elem := mustHex(elemHex)
	for n := range 4 {
		src := random(size(n))
		items := dec(src)
		if len(items) != len(src)/stride {
			fail("%s: %d bytes decode to %d elements", name, len(src), len(items))
		}
		mask := make([]byte, len(src))
		for i := range items {
			copy(mask[i*stride:], elem)
		}
		out := app([]byte{9}, items)
		if want := masked(src, mask); !bytes.Equal(out[1:], want) || out[0] != 9 {
			fail("%s: Append(Decode(b)) =\n%x, want\n%x", name, out[1:], want)
		}
		vitems, err := view(src)
		if err != nil {
			fail("%s: View: %v", name, err)
			return
		}
		if len(vitems) > 0 && unsafe.Pointer(&vitems[0]) != unsafe.Pointer(&src[0]) {
			fail("%s: View copies", name)
		}
		if got := app(nil, vitems); !bytes.Equal(got, out[1:]) {
			fail("%s: Append(View(b)) differs from Append(Decode(b))", name)
		}
	}
}

// checkRuntime checks the helpers of a runtime-sized structure against the masks of its
// header and of one element.
func checkRuntime[H any, E any, P interface {
	*H
	codec
}](name string, size func(int) int, app func([]byte, *H, []E) []byte, dec func([]byte) (H, []E, error),
	view func([]byte) (*H, []E, error), off, stride int, headerHex, elemHex string) {
	checks++
	header, elem := mustHex(headerHex), mustHex(elemHex)
	for n := range 4 {
		src := random(size(n))
		h, items, err := dec(src)
		if err != nil {
			fail("%s: Decode: %v", name, err)
			return
		}
		want := len(src) - off
		if want /= stride; len(items) != want {
			fail("%s: %d bytes decode to %d elements, want %d", name, len(src), len(items), want)
		}
		mask := make([]byte, len(src))
		copy(mask, header)
		for i := range items {
			for j, m := range elem {
				mask[off+i*stride+j] |= m
			}
		}
		out := app([]byte{1, 2, 3}, &h, items)
		if !bytes.Equal(out[:3], []byte{1, 2, 3}) || len(out) != 3+size(len(items)) {
			fail("%s: Append wrote %d bytes after the prefix, want %d", name, len(out)-3, size(len(items)))
			return
		}
		if want := masked(src, mask); !bytes.Equal(out[3:], want) {
			fail("%s: Append(Decode(b)) =\n%x, want\n%x", name, out[3:], want)
		}
		vh, vitems, err := view(src)
		if err != nil {
			fail("%s: View: %v", name, err)
			return
		}
		if len(vitems) > 0 && unsafe.Pointer(&vitems[0]) != unsafe.Pointer(&src[off]) || unsafe.Pointer(vh) != unsafe.Pointer(&src[0]) {
			fail("%s: View copies", name)
		}
		if got := app(nil, vh, vitems); !bytes.Equal(got, out[3:]) {
			fail("%s: Append(View(b)) differs from Append(Decode(b))", name)
		}
		if _, _, err := dec(src[:len(header)-1]); err == nil {
			fail("%s: Decode accepts %d bytes", name, len(header)-1)
		}
	}
}
`
