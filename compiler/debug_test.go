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
	"github.com/wgslgo/wgslgo/internal/golden"
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

// TestNoDebugOutputUnchanged pins the bytes compiled without -g. The sums were taken before
// the IR carried positions; a change that alters the output on purpose updates them, once
// the tests that state what the output computes (the execution tests of lower, transform
// and backend) and TestDebugInfoChangesNoCode pass: a sum alone says that something
// changed, not that it is right.
func TestNoDebugOutputUnchanged(t *testing.T) {
	want := []struct {
		shader string
		target compiler.Target
		sum    string
	}{
		{"small.wgsl", "vulkan1.0", "7f7ad472c822e2872fb8d0aa44fc3f4f6e13e8be3c5172b08fed8ded4b4f9a3e"},
		{"small.wgsl", "vulkan1.1", "937e65359161a88528881c8f6f6b2019d8350fdd448b10a21988501057c347b2"},
		{"small.wgsl", "vulkan1.2", "430462b12e80797f3e814111d1c34371a103a7bc93f690539cedd4cda131e72e"},
		{"small.wgsl", "vulkan1.3", "e32d9808794d541e4b7a5aafc20d23029c1ee6483f11129e43aec8b9d70bcb13"},
		{"particles.wgsl", "vulkan1.0", "ae5b6959dd140aae0dcd8ba866d77fc6933ec8a2cb69bdf5d43eed48c902124f"},
		{"particles.wgsl", "vulkan1.1", "50e981a644cb5dd5a3beabe4cf7f0c398c35f20ca6c9f52e7eb0d98dbfa0758f"},
		{"particles.wgsl", "vulkan1.2", "425a9e934bb473d6af3c3b2b97bfe24e511c3c138f5ac076c9908ca5e475eba3"},
		{"particles.wgsl", "vulkan1.3", "4451634930859a94fdefb43af55ca37766fb461d5b3c98dab759f40cf21207ce"},
		{"deferred.wgsl", "vulkan1.0", "a639a0be6d5a05d7d2ea70c9fc6b847de13b8a094cf09453a9bc0859112f2592"},
		{"deferred.wgsl", "vulkan1.1", "eaa4a135b2ceef4ef965116912e0ae40432379d36b852c0dc8c24e6ecbe1507a"},
		{"deferred.wgsl", "vulkan1.2", "d95ee9788b27b9233d128f9d1f966f4a6bfb456bc79ccb0900d0dd44d8080d3b"},
		{"deferred.wgsl", "vulkan1.3", "db7c76e00530c17d1a4dfbde7713cfe8f0ece5e590923080c8acba998386a309"},
		{"large.wgsl", "vulkan1.0", "b74786d97b3cc9aa56d3121de3503ceb093b7ec8ee2af0f4b7da79ead44a5415"},
		{"large.wgsl", "vulkan1.1", "1da445247f2df58dc4eb0bfc22ff4bd6c56e75e58960c59b8ec9adae0d1a96a0"},
		{"large.wgsl", "vulkan1.2", "46a4ac9b508e3a19c03bdc71ecd5274f789583dc89f7db51ab78f738b37f0e58"},
		{"large.wgsl", "vulkan1.3", "10a0f7e3a64dc062273a935f5c3524f9ff474213920048a43f9c558e8c7ca71c"},
	}
	if golden.Off() {
		return
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

// TestDebugInfoChangesNoCode: -g adds debug instructions (the source, and line positions)
// and nothing else: without them, the module is the one compiled without -g but for the
// numbering of result ids, for every benchmark shader and target. (The words that differ
// between the two must map one to one, consistently, each to a lower one: ids renumbered.)
func TestDebugInfoChangesNoCode(t *testing.T) {
	debugOps := map[spirv.Op]bool{spirv.OpString: true, spirv.OpSource: true, spirv.OpSourceContinued: true,
		spirv.OpLine: true, spirv.OpNoLine: true, spirv.OpModuleProcessed: true}
	code := func(words []uint32) []spirv.Inst {
		m, err := spirv.Parse(words)
		require.NoError(t, err)
		var out []spirv.Inst
		for _, in := range m.Insts {
			if !debugOps[in.Op] {
				out = append(out, in)
			}
		}
		return out
	}
	for _, s := range bench.All() {
		for _, target := range []compiler.Target{compiler.Vulkan10, compiler.Vulkan13} {
			plain, err := compiler.Compile(compiler.Source{Name: s.Name, Text: s.Text}, compiler.Options{Target: target})
			require.NoError(t, err)
			debug, err := compiler.Compile(compiler.Source{Name: s.Name, Text: s.Text}, compiler.Options{Target: target, Debug: true})
			require.NoError(t, err)
			p, d := code(plain.SPIRV), code(debug.SPIRV)
			require.Equal(t, len(p), len(d), "%s %s: instructions", s.Name, target)
			fwd, back := map[uint32]uint32{}, map[uint32]uint32{}
			for k := range p {
				require.Equal(t, p[k].Op, d[k].Op, "%s %s: instruction %d", s.Name, target, k)
				require.Equal(t, len(p[k].Words), len(d[k].Words), "%s %s: %s", s.Name, target, p[k])
				for w, pw := range p[k].Words {
					dw := d[k].Words[w]
					if dw == pw {
						continue
					}
					// The ids allocated after the file's OpString are one higher.
					f, seen := fwd[dw]
					b, seenBack := back[pw]
					if dw < pw || seen && f != pw || seenBack && b != dw {
						t.Fatalf("%s %s: %s with -g is %s", s.Name, target, p[k], d[k])
					}
					fwd[dw], back[pw] = pw, dw
				}
			}
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
