package software_test

import (
	"encoding/binary"
	"testing"

	"github.com/gogpu/gputypes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// probe is the head of every kernel below: in holds 5, 0xF0F0, 1 and 2 (read at run time,
// so that no compiler folds the operations away), the kernel writes its answers to out.
const probe = `
@group(0) @binding(0) var<storage, read> in: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
`

// TestDifferences runs kernels that wgslgo's interpreter runs right and gogpu/wgpu
// v0.31.5's software backend does not, the backend on wgslgo's SPIR-V (which spirv-val
// checks). Each case holds the answer WGSL gives, which the interpreter must give (the
// interpreter agrees with lavapipe on every compute shader the project's Vulkan tests run,
// internal/interpcheck), and what the software backend gives instead: most of its misses are SPIR-V instructions its interpreter skips
// without a word, leaving their results at zero. A case whose software answer changes
// fails, so that BENCHMARKS.md's list stays true of the pinned version.
func TestDifferences(t *testing.T) {
	tests := []struct {
		name, body string
		fn         string // the entry point's head; "" is one invocation
		want       []uint32
		software   []uint32 // what the software backend writes instead
	}{
		// The control: an operation it knows, which it runs right.
		{"addition (OpIAdd)", `out[0] = in[0] + in[3];`, "", []uint32{7}, []uint32{7}},
		{"arrayLength (OpArrayLength)", `out[0] = arrayLength(&in);`, "", []uint32{4}, []uint32{0}},
		{"countOneBits (OpBitCount)", `out[0] = countOneBits(in[1]);`, "", []uint32{8}, []uint32{0}},
		{"reverseBits (OpBitReverse)", `out[0] = reverseBits(in[2]);`, "", []uint32{0x80000000}, []uint32{0}},
		{"extractBits (OpBitFieldUExtract)", `out[0] = extractBits(in[1], 4u, 8u);`, "", []uint32{0x0F}, []uint32{0}},
		{"insertBits (OpBitFieldInsert)", `out[0] = insertBits(in[1], in[0], 0u, 4u);`, "", []uint32{0xF0F5}, []uint32{0}},
		{"firstLeadingBit (FindUMsb)", `out[0] = firstLeadingBit(in[1]);`, "", []uint32{15}, []uint32{0}},
		{"firstTrailingBit (FindILsb)", `out[0] = firstTrailingBit(in[1]);`, "", []uint32{4}, []uint32{0}},
		{"any (OpAny)", `out[0] = select(0u, 1u, any(vec2(in[0] == 0u, in[2] == 1u)));`, "", []uint32{1}, []uint32{0}},
		{"all (OpAll)", `out[0] = select(0u, 1u, all(vec2(in[0] == 5u, in[2] == 1u)));`, "", []uint32{1}, []uint32{0}},
		{"f32 != (OpFUnordNotEqual)", `out[0] = select(0u, 1u, f32(in[0]) != f32(in[2]));`, "", []uint32{1}, []uint32{0}},
		{"bool == (OpLogicalEqual)", `out[0] = select(0u, 1u, (in[0] == 5u) == (in[2] == 1u));`, "", []uint32{1}, []uint32{0}},
		{"dynamic vector index (OpVectorExtractDynamic)", `let v = vec4u(10u, 20u, 30u, 40u) + in[3]; out[0] = v[in[2]];`, "", []uint32{22}, []uint32{0}},
		{"atomicOr (OpAtomicOr)", `atomicOr(&flags, in[1]); out[0] = atomicLoad(&flags);`, "", []uint32{0xF0F0}, []uint32{0}},
		{"pack4x8unorm (PackUnorm4x8)", `out[0] = pack4x8unorm(vec4f(f32(in[2]), 0.0, 0.0, 0.0));`, "", []uint32{0xFF}, []uint32{0}},
		{"override (OpSpecConstant)", `out[0] = k * in[0];`, "", []uint32{35}, []uint32{0}},
		{"determinant (GLSL.std.450 Determinant)", `out[0] = u32(determinant(mat2x2f(f32(in[0]), 1.0, 2.0, 3.0)));`, "", []uint32{13}, []uint32{0}},
		{"fma (GLSL.std.450 Fma)", `out[0] = u32(fma(f32(in[0]), 2.0, 1.0));`, "", []uint32{11}, []uint32{0}},
		{"ldexp (GLSL.std.450 Ldexp)", `out[0] = u32(ldexp(1.0, i32(in[3])));`, "", []uint32{4}, []uint32{0}},
		{"integer dot (OpIMul on vec2u, then OpIAdd)", `out[0] = dot(vec2u(in[0], in[2]), vec2u(in[3], in[3]));`, "", []uint32{12}, []uint32{0}},
		{"vector integer product (OpIMul on vec2u)", `let v = vec2u(in[0], in[2]) * vec2u(in[3], in[3]); out[0] = v.x; out[1] = v.y;`, "", []uint32{10, 2}, []uint32{0, 0}},
		// wgslgo's robustness clamps an index to the array's length minus 1, which the
		// backend, without OpArrayLength, takes as 0xFFFFFFFF: the clamp is lost.
		{"index out of range (robustness clamp)", `out[in[0] + 100u] = 9u;`, "", []uint32{9}, []uint32{0}},
		// Workgroup memory written before a barrier and read after it by another invocation.
		{"workgroupBarrier (OpControlBarrier, workgroup memory)", `tile[l] = l * in[0]; workgroupBarrier(); out[l] = tile[63u - l];`,
			"@workgroup_size(64) fn main(@builtin(local_invocation_index) l: u32)", reversedTimes5(), make([]uint32, 64)},
	}
	in := make([]byte, 16)
	for i, v := range []uint32{5, 0xF0F0, 1, 2} {
		binary.LittleEndian.PutUint32(in[4*i:], v)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fn := tt.fn
			if fn == "" {
				fn = "@workgroup_size(1) fn main()"
			}
			src := probe + "var<workgroup> flags: atomic<u32>;\nvar<workgroup> tile: array<u32, 64>;\noverride k: u32 = 7u;\n" +
				"@compute " + fn + " {\n  " + tt.body + "\n}\n"
			k := kernel{src: src, groups: [3]uint32{1, 1, 1}, bindings: []binding{
				{gputypes.BufferBindingTypeReadOnlyStorage, in},
				{gputypes.BufferBindingTypeStorage, make([]byte, 4*len(tt.want))},
			}}
			require.Equal(t, tt.want, words(k.interpret(t)[1]), "interpreter")
			p := k.prepare(t, softwareDevice(t), wgslgoSPIRV)
			p.dispatch(t)
			assert.Equal(t, tt.software, words(p.read(t, 1)), "software backend (WGSL's answer: %v)", tt.want)
		})
	}
}

func words(b []byte) []uint32 {
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

// reversedTimes5 is what the barrier case writes: out[l] = 5 * (63 - l).
func reversedTimes5() []uint32 {
	out := make([]uint32, 64)
	for l := range out {
		out[l] = 5 * uint32(63-l)
	}
	return out
}
