package reflect_test

import (
	"bufio"
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/internal/golden"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// goldenOff is golden.Off, for the functions whose golden is a file name.
func goldenOff() bool { return golden.Off() }

// updating reports whether -update (declared by the package's internal tests) is set.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// shaders returns the test shaders of testdata/shaders.
func shaders(t *testing.T) []string {
	files, err := filepath.Glob("testdata/shaders/*.wgsl")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

func reflectFile(t *testing.T, path string) *reflect.Module {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	m, diags, err := compiler.Reflect(compiler.Source{Name: filepath.Base(path), Text: src}, compiler.Options{})
	require.NoError(t, err, "%s", diags)
	return m
}

// TestReflectionGolden compares the reflection JSON of every test shader with its golden file
// (go test -update rewrites them) and checks that it is deterministic.
func TestReflectionGolden(t *testing.T) {
	for _, path := range shaders(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			got, err := reflect.Marshal(reflectFile(t, path))
			require.NoError(t, err)
			again, err := reflect.Marshal(reflectFile(t, path))
			require.NoError(t, err)
			require.Equal(t, got, again, "reflection is not deterministic")
			golden := strings.TrimSuffix(path, ".wgsl") + ".json"
			if updating() {
				require.NoError(t, os.WriteFile(golden, got, 0o644))
				return
			}
			if goldenOff() {
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -update to create it")
			assert.Equal(t, string(want), string(got))
		})
	}
}

// nagaStruct is a structure as naga's IR dump shows it.
type nagaStruct struct {
	offsets map[string]int
	span    int
}

var (
	nagaTypeName = regexp.MustCompile(`^ {12}name: Some\($`)
	nagaQuoted   = regexp.MustCompile(`^\s*"(.*)",$`)
	nagaMember   = regexp.MustCompile(`^ {24}name: Some\($`)
	nagaOffset   = regexp.MustCompile(`^ {24}offset: (\d+),$`)
	nagaSpan     = regexp.MustCompile(`^ {16}span: (\d+),$`)
)

// parseNagaIR reads the structures of a `naga in.wgsl out.txt` IR dump.
func parseNagaIR(text []byte) map[string]*nagaStruct {
	out := map[string]*nagaStruct{}
	var cur *nagaStruct
	member := ""
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	want := ""
	for sc.Scan() {
		line := sc.Text()
		if want != "" {
			if m := nagaQuoted.FindStringSubmatch(line); m != nil {
				if want == "type" {
					cur = &nagaStruct{offsets: map[string]int{}}
					out[m[1]] = cur
				} else {
					member = m[1]
				}
			}
			want = ""
			continue
		}
		switch {
		case nagaTypeName.MatchString(line):
			want = "type"
		case nagaMember.MatchString(line):
			want = "member"
		case cur != nil && nagaOffset.MatchString(line):
			n, _ := strconv.Atoi(nagaOffset.FindStringSubmatch(line)[1])
			cur.offsets[member] = n
		case cur != nil && nagaSpan.MatchString(line):
			n, _ := strconv.Atoi(nagaSpan.FindStringSubmatch(line)[1])
			cur.span = n
			cur = nil
		}
	}
	return out
}

// TestLayoutMatchesNaga checks every structure's member offsets and size against naga's,
// an independent implementation of the same layout rules.
func TestLayoutMatchesNaga(t *testing.T) {
	naga := oracle.Naga.Require(t)
	compared := 0
	for _, path := range shaders(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			m := reflectFile(t, path)
			// naga reads var<immediate> but not the language feature that WGSL requires for it.
			src, err := os.ReadFile(path)
			require.NoError(t, err)
			in := filepath.Join(t.TempDir(), filepath.Base(path))
			require.NoError(t, os.WriteFile(in, bytes.ReplaceAll(src, []byte("requires immediate_address_space;"), nil), 0o644))
			dump := filepath.Join(t.TempDir(), "ir.txt")
			out, err := exec.Command(naga, in, dump).CombinedOutput()
			if err != nil && !bytes.Contains(out, []byte("pipeline-overridable")) {
				t.Fatalf("naga: %v\n%s", err, out)
			}
			text, err := os.ReadFile(dump)
			require.NoError(t, err, "naga wrote no IR: %s", out)
			theirs := parseNagaIR(text)
			for _, s := range m.Structs {
				if s.Name == "ExternalTextureParams" || s.Name == "GammaTransferParams" {
					continue // our expansion of texture_external; naga keeps the texture whole
				}
				ns := theirs[s.Name]
				require.NotNil(t, ns, "naga has no struct %s", s.Name)
				for _, mem := range s.Members {
					offset, ok := ns.offsets[mem.Name]
					if assert.True(t, ok, "naga's %s has no member %s", s.Name, mem.Name) {
						assert.Equal(t, offset, mem.Offset, "%s.%s offset", s.Name, mem.Name)
					}
				}
				assert.Len(t, ns.offsets, len(s.Members), "%s: members in naga's IR", s.Name)
				if !s.RuntimeSized {
					// naga counts one element of a runtime-sized array in the span; we do not.
					assert.Equal(t, ns.span, s.Size, "%s size", s.Name)
				}
				compared++
			}
		})
	}
	t.Logf("compared %d structures with naga", compared)
	require.Greater(t, compared, 10, "the comparison must not pass vacuously")
}

// TestReflectEveryAcceptedShader runs the reflection on every checker fixture that expects no
// error: whatever the checker accepts, reflection describes.
func TestReflectEveryAcceptedShader(t *testing.T) {
	oracle.SkipUnderBazel(t, "reads the checker's fixtures in ../sema/testdata")
	var files []string
	err := filepath.WalkDir("../sema/testdata", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) == ".wgsl" {
			files = append(files, path)
		}
		return err
	})
	require.NoError(t, err)
	reflected := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		if bytes.Contains(src, []byte("ERROR")) {
			continue
		}
		m, diags, err := compiler.Reflect(compiler.Source{Name: filepath.Base(path), Text: src}, compiler.Options{})
		require.NoError(t, err, "%s: %s", path, diags)
		_, err = reflect.Marshal(m)
		require.NoError(t, err, path)
		reflected++
	}
	t.Logf("reflected %d accepted fixtures", reflected)
	require.Greater(t, reflected, 50)
}

// An override whose default is an override-expression reports the SpecId of its flag
// specialization constant; the others report none, and JSON omits it.
func TestOverrideFlagID(t *testing.T) {
	src := []byte(`
override a: u32 = 4u;
@id(9) override b: u32 = a * 2u;
override c: f32 = f32(b) * 0.5;
override d: i32;
override e: i32 = 1 + 2;
@compute @workgroup_size(1) fn main() { _ = a; _ = b; _ = c; _ = d; _ = e; }
`)
	m, diags, err := compiler.Reflect(compiler.Source{Name: "flags.wgsl", Text: src}, compiler.Options{})
	require.NoError(t, err, "%v", diags)
	flags := map[string]int{}
	for _, o := range m.Overrides {
		flags[o.Name] = o.FlagID
		if o.FlagID != 0 {
			assert.Nil(t, o.Default, o.Name)
			assert.False(t, o.Required, o.Name)
		}
	}
	c := m.Overrides[2]
	require.Equal(t, "c", c.Name)
	assert.Equal(t, map[string]int{"a": 0, "b": int(abi.OverrideFlagID(9)), "c": 1<<16 + c.ID, "d": 0, "e": 0}, flags)
	data, err := reflect.Marshal(m)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"flagId": 65545`)
	assert.Equal(t, 2, strings.Count(string(data), `"flagId"`), "flagId is omitted when zero")
	back, err := reflect.Unmarshal(data)
	require.NoError(t, err)
	assert.Equal(t, m.Overrides, back.Overrides)
}

// The @subgroup_size of each compute entry point reaches the model as written: a number, an
// override, or an override-expression with the overrides it uses.
func TestSubgroupSizeFromProgram(t *testing.T) {
	src := []byte(`enable subgroup_size_control;
const W = 16;
override sg: u32 = 16;
@compute @workgroup_size(64) @subgroup_size(W * 2) fn fixed() {}
@compute @workgroup_size(64) @subgroup_size(sg) fn named() {}
@compute @workgroup_size(64) @subgroup_size((sg * 2u)) fn computed() {}
@compute @workgroup_size(64) fn none() {}
@fragment fn fs() {}
`)
	m, diags, err := compiler.Reflect(compiler.Source{Name: "sg.wgsl", Text: src}, compiler.Options{})
	require.NoError(t, err, "%v", diags)
	got := map[string]*reflect.WorkgroupDim{}
	for _, ep := range m.EntryPoints {
		got[ep.Name] = ep.SubgroupSize
	}
	assert.Equal(t, map[string]*reflect.WorkgroupDim{
		"fixed":    {Value: 32},
		"named":    {Override: "sg"},
		"computed": {Expr: "(sg * 2u)", Overrides: []string{"sg"}},
		"none":     nil,
		"fs":       nil,
	}, got)
	data, err := reflect.Marshal(m)
	require.NoError(t, err)
	assert.Equal(t, 3, strings.Count(string(data), `"subgroupSize"`))
	assert.Contains(t, string(data), `"subgroupSize": 32,`)
	again, err := reflect.Marshal(m)
	require.NoError(t, err)
	assert.Equal(t, string(data), string(again))
}
