package syntax

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// generateShader returns a deterministic, realistic WGSL module of at least size bytes:
// structures, buffers, helper functions with loops, switches and arithmetic, and entry
// points, with comments and attributes as real shaders have them.
func generateShader(size int) []byte {
	rng := rand.New(rand.NewSource(42))
	var b strings.Builder
	types := []string{"f32", "i32", "u32", "vec2<f32>", "vec3<f32>", "vec4<f32>", "vec4f", "mat4x4<f32>", "array<f32, 4>", "vec3u"}
	b.WriteString("enable f16;\n\n// Generated benchmark shader.\n")
	for i := 0; b.Len() < size; i++ {
		// A structure and a buffer of it.
		fmt.Fprintf(&b, "struct Particle%d {\n", i)
		for m := 0; m < 3+rng.Intn(6); m++ {
			if rng.Intn(3) == 0 {
				fmt.Fprintf(&b, "  @align(16) ")
			} else {
				b.WriteString("  ")
			}
			fmt.Fprintf(&b, "field%d: %s,\n", m, types[rng.Intn(len(types))])
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "@group(%d) @binding(%d) var<storage, read_write> particles%d: array<Particle%d>;\n", i%4, i%8, i, i)
		fmt.Fprintf(&b, "const SCALE_%d: f32 = %d.%de-2;\n\n", i, rng.Intn(100), rng.Intn(1000))

		// A helper with loops and arithmetic.
		fmt.Fprintf(&b, "fn helper%d(p: vec3<f32>, n: u32, s: ptr<function, f32>) -> vec4<f32> {\n", i)
		b.WriteString("  var acc = vec4<f32>(0.0, 0.0, 0.0, 1.0);\n")
		b.WriteString("  /* accumulate contributions */\n")
		b.WriteString("  for (var k: u32 = 0u; k < n; k++) {\n")
		fmt.Fprintf(&b, "    let t = f32(k) * SCALE_%d + p.x * %d.5 - (p.y / (p.z + 1.0));\n", i, rng.Intn(9))
		b.WriteString("    acc += vec4<f32>(sin(t), cos(t), t * t, 1.0) * 0.5;\n")
		b.WriteString("    if (acc.x > 10.0 && acc.y < -10.0) || k == 7u {\n      break;\n    } else if acc.z >= 3.0 {\n      continue;\n    }\n")
		b.WriteString("    *s = *s + dot(acc.xyz, p) / max(length(p), 0.0001);\n")
		b.WriteString("  }\n")
		b.WriteString("  var i = 0;\n  loop {\n    i = i + 1;\n    if i >= 4 { break; }\n    continuing {\n      acc.w = acc.w * 0.99;\n      break if acc.w < 0.01;\n    }\n  }\n")
		b.WriteString("  switch n & 3u {\n    case 0u: { acc = acc.wzyx; }\n    case 1u, 2u: { acc *= 2.0; }\n    default: { }\n  }\n")
		fmt.Fprintf(&b, "  let bits = ((bitcast<u32>(acc.x) >> 3u) ^ (n << 2u)) | 0x%xu;\n", rng.Intn(1<<16))
		b.WriteString("  return acc + vec4<f32>(f32(bits & 255u) / 255.0);\n}\n\n")

		// An entry point using them.
		fmt.Fprintf(&b, "@compute @workgroup_size(64, 1, 1)\nfn main%d(@builtin(global_invocation_id) gid: vec3<u32>) {\n", i)
		fmt.Fprintf(&b, "  let idx = gid.x;\n  if idx >= arrayLength(&particles%d) { return; }\n", i)
		b.WriteString("  var scratch: f32 = 0.0;\n")
		fmt.Fprintf(&b, "  let r = helper%d(vec3<f32>(f32(idx), 1.0, 2.0), idx %% 16u, &scratch);\n", i)
		fmt.Fprintf(&b, "  particles%d[idx].field0 = particles%d[idx].field0;\n", i, i)
		b.WriteString("  _ = r;\n}\n\n")
	}
	return []byte(b.String())
}

func TestGeneratedShaderParses(t *testing.T) {
	src := generateShader(200 << 10)
	f, diags := Parse(diag.NewFile("gen.wgsl", src), Options{})
	require.False(t, diags.HasErrors(), errorText(diags))
	require.Equal(t, DialectModern, f.Dialect)
	require.Greater(t, len(f.Decls), 500)
}

func BenchmarkParse(b *testing.B) {
	src := generateShader(256 << 10)
	file := diag.NewFile("gen.wgsl", src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, diags := Parse(file, Options{Dialect: DialectModern}); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

func BenchmarkParseAuto(b *testing.B) {
	src := generateShader(256 << 10)
	file := diag.NewFile("gen.wgsl", src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Parse(file, Options{})
	}
}

func BenchmarkScan(b *testing.B) {
	src := generateShader(256 << 10)
	benchmarkScan(b, []*diag.File{diag.NewFile("gen.wgsl", src)})
}

// BenchmarkScanShaders scans the benchmark shaders of compiler/bench, written by hand.
func BenchmarkScanShaders(b *testing.B) {
	paths, err := filepath.Glob("../bench/shaders/*.wgsl")
	require.NoError(b, err)
	require.NotEmpty(b, paths)
	var files []*diag.File
	for _, p := range paths {
		src, err := os.ReadFile(p)
		require.NoError(b, err)
		files = append(files, diag.NewFile(p, src))
	}
	benchmarkScan(b, files)
}

// benchmarkScan scans files as parsing does (into a reused token buffer, keeping the
// comments) and reports the time per token besides the time per pass over all of them.
func benchmarkScan(b *testing.B, files []*diag.File) {
	size, tokens := 0, 0
	for _, f := range files {
		toks, diags := Scan(f, DialectModern)
		require.False(b, diags.HasErrors(), errorText(diags))
		size += len(f.Text)
		tokens += len(toks)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var buf []Token
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			rep := &diag.Reporter{File: f, Limit: DefaultMaxErrors}
			buf, _, _ = scanWithComments(f.Text, 0, DialectModern, rep, DefaultMaxTokens, true, buf[:0])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tokens), "ns/token")
}

func BenchmarkPrint(b *testing.B) {
	src := generateShader(256 << 10)
	f, _ := Parse(diag.NewFile("gen.wgsl", src), Options{})
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		var sb strings.Builder
		Print(&sb, f)
	}
}
