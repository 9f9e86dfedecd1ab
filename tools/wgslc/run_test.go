package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

func runWgslc(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, errb.String()
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func TestParseOnly(t *testing.T) {
	code, stderr := runWgslc(t, "--parse-only", "../../examples/particles/particles.wgsl")
	assert.Equal(t, exitOK, code, stderr)
	assert.Empty(t, stderr)

	bad := writeFile(t, "bad.wgsl", "fn main() {\n  let x = 1 +;\n}\n")
	code, stderr = runWgslc(t, "--parse-only", bad)
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "bad.wgsl:2:14: error:")
	assert.Contains(t, stderr, "  let x = 1 +;\n             ^")
}

func TestCheckReportsSemanticErrors(t *testing.T) {
	bad := writeFile(t, "types.wgsl", "const x: u32 = -1;\nfn f() -> i32 { return 1.5; }\n")
	code, stderr := runWgslc(t, "--check", bad)
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "types.wgsl:1:16: error: value -1 does not fit in u32")
	assert.Contains(t, stderr, "types.wgsl:2:24: error:")

	code, stderr = runWgslc(t, "--check", "--diagnostics-format=json", bad)
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, `"severity": "error"`)
}

func TestReflectWritesDeterministicJSON(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	code, stderr := runWgslc(t, "--reflect", a, "../../examples/particles/particles.wgsl")
	require.Equal(t, exitOK, code, stderr)
	code, _ = runWgslc(t, "--reflect", b, "../../examples/particles/particles.wgsl")
	require.Equal(t, exitOK, code)
	ja, _ := os.ReadFile(a)
	jb, _ := os.ReadFile(b)
	assert.Equal(t, ja, jb)
	m, err := reflect.Unmarshal(ja)
	require.NoError(t, err)
	require.Len(t, m.Structs, 3)
	assert.Equal(t, "SimParams", m.Structs[0].Name)
	assert.Equal(t, 12, m.Structs[0].Members[1].Offset, "dt packs into the tail of the vec3")
	assert.Equal(t, 80, m.Bindings[0].Buffer.MinBindingSize)
	assert.Equal(t, "workgroup_width", m.EntryPoints[0].WorkgroupSize[0].Override)
}

func TestUsageErrors(t *testing.T) {
	code, _ := runWgslc(t)
	assert.Equal(t, exitUsage, code)
	code, _ = runWgslc(t, "--target", "vulkan9", "--check", "../../examples/particles/particles.wgsl")
	assert.Equal(t, exitUsage, code)
	code, stderr := runWgslc(t, "--check", "/nonexistent/x.wgsl")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "no such file")
	code, _ = runWgslc(t, "--dialect", "klingon", "--check", "../../examples/particles/particles.wgsl")
	assert.Equal(t, exitUsage, code)
	// --override takes NAME=VALUE, as wgslgen's -override does (compiler.OverrideFlag).
	for _, bad := range []string{"noequals", "=5"} {
		code, stderr = runWgslc(t, "--override", bad, "--check", "../../examples/particles/particles.wgsl")
		assert.Equal(t, exitUsage, code, bad)
		assert.Contains(t, stderr, "want NAME=VALUE", bad)
	}
}

func TestCompileToSPIRV(t *testing.T) {
	dir := t.TempDir()
	spv, js := filepath.Join(dir, "p.spv"), filepath.Join(dir, "p.json")
	code, stderr := runWgslc(t, "-o", spv, "--reflect", js, "--target", "vulkan1.2", "../../examples/particles/particles.wgsl")
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(spv)
	require.NoError(t, err)
	require.True(t, len(data) > 20 && len(data)%4 == 0)
	assert.Equal(t, []byte{0x03, 0x02, 0x23, 0x07}, data[:4], "SPIR-V magic, little endian")
	assert.Equal(t, []byte{0x00, 0x05, 0x01, 0x00}, data[4:8], "SPIR-V 1.5 for vulkan1.2")
	words := wgsl.Words(data)
	spirvval.Check(t, words, "vulkan1.2")
	_, err = os.Stat(js)
	assert.NoError(t, err)

	code, stderr = runWgslc(t, "-o", spv, "--override", "nosuch=1", "../../examples/particles/particles.wgsl")
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "nosuch")
}

func TestDebugEmbedsSource(t *testing.T) {
	spv := filepath.Join(t.TempDir(), "g.spv")
	code, stderr := runWgslc(t, "-g", "-o", spv, "../../examples/particles/particles.wgsl")
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(spv)
	require.NoError(t, err)
	assert.Contains(t, string(data), "particles.wgsl")
	assert.Contains(t, string(data), "fn step(", "OpSource carries the source text")
	words := wgsl.Words(data)
	spirvval.Check(t, words, "vulkan1.1")
}

// TestDebugLines: -g maps instructions to lines and columns (OpLine) for every target; without
// it there is no debug information at all.
func TestDebugLines(t *testing.T) {
	src := writeFile(t, "lines.wgsl", "@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n\n"+
		"@compute @workgroup_size(1)\nfn main() {\n  for (var i = 0u; i < 4u; i++) {\n    out[i] = i * 3u;\n  }\n}\n")
	spv := filepath.Join(t.TempDir(), "lines.spv")
	for _, target := range []string{"vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3"} {
		code, stderr := runWgslc(t, "-g", "--target", target, "-o", spv, src)
		require.Equal(t, exitOK, code, stderr)
		data, err := os.ReadFile(spv)
		require.NoError(t, err)
		words := wgsl.Words(data)
		spirvval.Check(t, words, target)
		m, err := spirv.Parse(words)
		require.NoError(t, err)
		// The store of `out[i] = i * 3u;` (line 6, column 5) follows its OpLine; the multiplication
		// is at its operator (column 16).
		var lines []string
		for _, in := range m.Insts {
			switch in.Op {
			case spirv.OpLine:
				lines = append(lines, fmt.Sprintf("%d:%d", in.Words[2], in.Words[3]))
			case spirv.OpStore, spirv.OpIMul:
				lines = append(lines, in.Op.String())
			}
		}
		assert.Contains(t, strings.Join(lines, " "), "6:16 OpIMul 6:5 OpStore", target)
	}

	code, stderr := runWgslc(t, "-o", spv, src)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(spv)
	require.NoError(t, err)
	m, err := spirv.Parse(wgsl.Words(data))
	require.NoError(t, err)
	assert.Empty(t, m.Find(spirv.OpLine))
	assert.Empty(t, m.Find(spirv.OpString))
}

func TestOverrideSizedArrays(t *testing.T) {
	dir := t.TempDir()
	spv := filepath.Join(dir, "o.spv")
	// No default: the pipeline must set it; the SPIR-V placeholder default keeps the array valid.
	required := writeFile(t, "required.wgsl", "override wg: u32;\nvar<workgroup> a: array<f32, wg>;\n"+
		"@compute @workgroup_size(1) fn main() { a[0] = 1.0; }\n")
	code, stderr := runWgslc(t, "-o", spv, required)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(spv)
	require.NoError(t, err)
	words := wgsl.Words(data)
	spirvval.Check(t, words, "vulkan1.1")

	// A default of 0 cannot be expressed: an error, not invalid SPIR-V.
	zero := writeFile(t, "zero.wgsl", "override wg: u32 = 0;\nvar<workgroup> a: array<f32, wg>;\n"+
		"@compute @workgroup_size(1) fn main() { a[0] = 1.0; }\n")
	code, stderr = runWgslc(t, "-o", spv, zero)
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "default is not positive")
}

// TestOverrideLimits: the values of --override are checked as pipeline creation checks them:
// accepted at a limit, an error with its position, source line, caret and the value that
// caused it just over it.
func TestOverrideLimits(t *testing.T) {
	src := writeFile(t, "limits.wgsl", "override wg: u32 = 64;\noverride n: u32 = 16;\n"+
		"var<workgroup> tile: array<vec4f, n>;\n"+
		"@compute @workgroup_size(wg)\nfn main() { tile[0] = vec4f(1.0); }\n")
	spv := filepath.Join(t.TempDir(), "limits.spv")
	code, stderr := runWgslc(t, "-o", spv, "--webgpu-limits", "--override", "wg=256", "--override", "n=1024", src)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(spv)
	require.NoError(t, err)
	spirvval.Check(t, wgsl.Words(data), "vulkan1.1")

	code, stderr = runWgslc(t, "-o", spv, "--webgpu-limits", "--override", "wg=257", src)
	assert.Equal(t, exitDiags, code)
	assert.Equal(t, src+":4:26: error: @workgroup_size evaluates to 257 with the override values given, larger than 256 (WebGPU's default limit)\n"+
		"@compute @workgroup_size(wg)\n"+
		"                         ^~\n"+
		src+":1:10: note: 'wg' is 257u, as --override sets it\n"+
		"override wg: u32 = 64;\n"+
		"         ^~\n", stderr)

	code, stderr = runWgslc(t, "-o", spv, "--webgpu-limits", "--override", "n=1025", src)
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, src+":3:22: error: entry point 'main' uses 16400 bytes of workgroup variables with the override values given; the limit is 16384\n"+
		"var<workgroup> tile: array<vec4f, n>;\n"+
		"                     ^~~~~~~~~~~~~~~\n"+
		src+":2:10: note: 'n' is 1025u, as --override sets it\n")
}

// TestReadAll: readAll returns exactly what the reader holds whatever size it expected, and
// the reader's error.
func TestReadAll(t *testing.T) {
	data := bytes.Repeat([]byte("fn f() {}\n"), 5000)
	for _, size := range []int{0, 1, 511, 512, len(data) - 1, len(data), len(data) + 1, 3 * len(data)} {
		got, err := readAll(iotest.OneByteReader(bytes.NewReader(data)), size)
		require.NoError(t, err)
		assert.Equal(t, data, got, "size %d", size)
		got, err = readAll(bytes.NewReader(data), size)
		require.NoError(t, err)
		assert.Equal(t, data, got, "size %d", size)
	}
	_, err := readAll(iotest.TimeoutReader(bytes.NewReader(data)), 0)
	assert.ErrorIs(t, err, iotest.ErrTimeout)
}

// TestInputTooLarge: a file over the input limit is refused with a message.
func TestInputTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.wgsl")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(maxInputSize+1)) // sparse: no disk space taken
	require.NoError(t, f.Close())
	_, err = readInput(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "input larger than 64 MiB")
}

// TestOverwriteOutputs: outputs that exist, longer or shorter than the new ones, end up
// holding exactly what a run into a fresh directory writes.
func TestOverwriteOutputs(t *testing.T) {
	const shader = "../../examples/particles/particles.wgsl"
	fresh := t.TempDir()
	code, stderr := runWgslc(t, "-o", filepath.Join(fresh, "p.spv"), "--reflect", filepath.Join(fresh, "p.json"), shader)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(filepath.Join(fresh, "p.spv"))
	require.NoError(t, err)
	spirvval.Check(t, wgsl.Words(data))
	for _, old := range []string{strings.Repeat("x", 1<<20), "short", ""} {
		dir := t.TempDir()
		for _, name := range []string{"p.spv", "p.json"} {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(old), 0o600))
		}
		code, stderr := runWgslc(t, "-o", filepath.Join(dir, "p.spv"), "--reflect", filepath.Join(dir, "p.json"), shader)
		require.Equal(t, exitOK, code, stderr)
		for _, name := range []string{"p.spv", "p.json"} {
			want, err := os.ReadFile(filepath.Join(fresh, name))
			require.NoError(t, err)
			got, err := os.ReadFile(filepath.Join(dir, name))
			require.NoError(t, err)
			assert.True(t, bytes.Equal(want, got), "%s over %d bytes: %d bytes, want %d", name, len(old), len(got), len(want))
		}
	}
}

// TestOverwriteOutputFails: an output whose writing fails holds none of the old file's bytes
// after the new ones, so it cannot pass for a whole module.
func TestOverwriteOutputFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.spv")
	require.NoError(t, os.WriteFile(path, bytes.Repeat([]byte{1}, 4096), 0o644))
	err := writeOutput(path, 8, func(f *os.File) error {
		_, err := f.Write([]byte{2, 2, 2, 2})
		require.NoError(t, err)
		return fmt.Errorf("no space left")
	})
	require.EqualError(t, err, "no space left")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Empty(t, data)
}
