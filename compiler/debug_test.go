package compiler_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/bench"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// spirvSum is the sha256 of the little-endian bytes of a module.
func spirvSum(words []uint32) string {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return fmt.Sprintf("%x", sha256.Sum256(b))
}

// TestNoDebugOutputUnchanged pins the bytes compiled without -g: recording source positions
// for debug info must not change them. The sums were taken before the IR carried positions;
// a change that alters the output on purpose updates them.
func TestNoDebugOutputUnchanged(t *testing.T) {
	want := []struct {
		shader string
		target compiler.Target
		sum    string
	}{
		{"small.wgsl", "vulkan1.0", "1f2dc200ec685dd9bb66c90571edcbc69eaf70fe19a346363f1e6ec133b42b8c"},
		{"small.wgsl", "vulkan1.1", "8089c9d11b314158e2cd5933c644b62f1cd66892b3c6e6c7a4c1d1d3c112f5d9"},
		{"small.wgsl", "vulkan1.2", "0bd0ca9586917927e4547b2f16b4448c16d0af427033eb1df752608e33d89e78"},
		{"small.wgsl", "vulkan1.3", "ca3a4d3c8f14e6122184e98d86634dc9bc56f6f0d52edf8d6e1ebb1b156dd8da"},
		{"particles.wgsl", "vulkan1.0", "e96d771b646cd10878054aca1c02168fbfb62c632fc0841f668fe7a4aabf0bab"},
		{"particles.wgsl", "vulkan1.1", "935cd8e69e170bf00651de7bc281abc4771e2619c49e50c2be387fb3a736b828"},
		{"particles.wgsl", "vulkan1.2", "39346df479eeffe0023df7d0bb792cb45b0ffe221157459e438875f35d9d7459"},
		{"particles.wgsl", "vulkan1.3", "1c5a79c4db1e3889e0b1082797b1c600feb99965fa6143aa8de1d104bccaf5f5"},
		{"deferred.wgsl", "vulkan1.0", "f11475f197b1f5edfa7e52544137b4affdd9b98409a22703f4c126fd6ee2b53f"},
		{"deferred.wgsl", "vulkan1.1", "cedc0b6bd07cb9a5c9fa1605199de03684646070c1463148942e18e4bebabb9d"},
		{"deferred.wgsl", "vulkan1.2", "cb082142dc3ce6af9c8457d8bf8f6ec8bd03d58c6a5a14dd3b622e25dc6dcb67"},
		{"deferred.wgsl", "vulkan1.3", "b3111da65f3d644205e6b6f6ccdb4463e6627e44a1a338c0e12fc5d1b9ddd01e"},
		{"large.wgsl", "vulkan1.0", "2c226e6de39ea55f453ce5b43bf6d9874d2bc18f6e88cf15a1fb60467232ab4b"},
		{"large.wgsl", "vulkan1.1", "96a646dea6a1f2defdea68b5fb8f032fe04f36a42810de2135ea760888798f81"},
		{"large.wgsl", "vulkan1.2", "d3490e6f696a3accb50337f5a6531365fa64381411c44ed0723136d4cb6e4a0e"},
		{"large.wgsl", "vulkan1.3", "30acb646f16c8deb440513990b57389c536210adc0be2374163acf77c6513834"},
	}
	shaders := map[string]bench.Shader{}
	for _, s := range bench.All() {
		shaders[s.Name] = s
	}
	for _, w := range want {
		s := shaders[w.shader]
		res, err := compiler.Compile(compiler.Source{Name: s.Name, Text: s.Text}, compiler.Options{Target: w.target})
		if err != nil {
			t.Fatalf("%s %s: %v", w.shader, w.target, err)
		}
		if got := spirvSum(res.SPIRV); got != w.sum {
			t.Errorf("%s %s: sha256 %s, want %s", w.shader, w.target, got, w.sum)
		}
	}
}

// TestDebugBenchShaders: -g on every benchmark shader gives SPIR-V that spirv-val accepts
// for every target, the same bytes twice, and OpLines that point into the source.
func TestDebugBenchShaders(t *testing.T) {
	for _, s := range bench.All() {
		lines := bytes.Count(s.Text, []byte("\n")) + 1
		for _, target := range []compiler.Target{compiler.Vulkan10, compiler.Vulkan11, compiler.Vulkan12, compiler.Vulkan13} {
			t.Run(s.Name+"/"+string(target), func(t *testing.T) {
				opts := compiler.Options{Target: target, Debug: true}
				res, err := compiler.Compile(compiler.Source{Name: s.Name, Text: s.Text}, opts)
				require.NoError(t, err)
				spirvval.Check(t, res.SPIRV, string(target))
				again, err := compiler.Compile(compiler.Source{Name: s.Name, Text: s.Text}, opts)
				require.NoError(t, err)
				require.Equal(t, res.SPIRV, again.SPIRV, "not deterministic")

				m, err := spirv.Parse(res.SPIRV)
				require.NoError(t, err)
				files := m.Find(spirv.OpString)
				require.Len(t, files, 1)
				file := files[0].Result()
				opLines := m.Find(spirv.OpLine)
				require.NotEmpty(t, opLines)
				for _, in := range opLines {
					ops := in.Operands()
					require.Equal(t, file, ops[0])
					require.True(t, ops[1] >= 1 && int(ops[1]) <= lines && ops[2] >= 1, "OpLine %d %d outside the source", ops[1], ops[2])
				}
			})
		}
	}
}
