package backend_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// syncSrc makes every synchronisation and atomic builtin once, on storage and on
// workgroup memory, some of them through pointer parameters.
const syncSrc = `
struct S { u: atomic<u32>, i: atomic<i32> }
@group(0) @binding(0) var<storage, read_write> s: S;
@group(0) @binding(1) var tex: texture_storage_2d<r32uint, read_write>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;
var<workgroup> wu: atomic<u32>;
var<workgroup> wi: atomic<i32>;
var<workgroup> flag: u32;

fn addS(p: ptr<storage, atomic<u32>, read_write>) -> u32 { return atomicAdd(p, 1u); }
fn minW(p: ptr<workgroup, atomic<i32>>) -> i32 { return atomicMin(p, -3); }

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lid: u32) {
    workgroupBarrier();
    storageBarrier();
    textureBarrier();
    var r = workgroupUniformLoad(&flag) + workgroupUniformLoad(&wu);
    r += atomicLoad(&s.u);
    atomicStore(&s.u, 3u);
    r += atomicAdd(&s.u, 1u) + atomicSub(&s.u, 1u) + atomicMax(&s.u, 1u) + atomicMin(&s.u, 1u);
    r += atomicAnd(&s.u, 1u) + atomicOr(&s.u, 1u) + atomicXor(&s.u, 1u) + atomicExchange(&s.u, 1u);
    let x = atomicCompareExchangeWeak(&s.u, 5u, 7u);
    let y = atomicCompareExchangeWeak(&wi, -5, -7);
    r += addS(&s.u);
    let z = atomicMax(&s.i, -1) + atomicMin(&wi, -2) + minW(&wi) + atomicMax(&wi, 2);
    r += atomicAdd(&wu, 2u) + atomicLoad(&wu);
    atomicStore(&wi, 4);
    out[lid] = r + x.old_value + select(0u, 1u, x.exchanged) + u32(y.old_value) + select(0u, 1u, y.exchanged) +
        u32(z) + textureLoad(tex, vec2(0)).x;
}
`

// The scopes and semantics of every barrier and atomic, as WGSL's memory model gives them
// for a module without the Vulkan memory model: synchronisation builtins are control
// barriers with Workgroup execution and memory scope and AcquireRelease on the memory they
// affect (workgroupUniformLoad is one before and one after its load, which is atomic for
// an atomic); atomics are Relaxed, at Device scope (WGSL's QueueFamily) on storage memory
// and Workgroup scope on workgroup memory. Compare-exchange passes the new value before the
// comparator, and its exchanged flag compares the old value with the comparator. Zeroing
// the workgroup variables ends with a workgroupBarrier before the entry point's own code.
func TestSyncOperands(t *testing.T) {
	const (
		wgBarrier  = "OpControlBarrier exec=Workgroup mem=Workgroup sem=AcquireRelease|WorkgroupMemory"
		stBarrier  = "OpControlBarrier exec=Workgroup mem=Workgroup sem=AcquireRelease|UniformMemory"
		texBarrier = "OpControlBarrier exec=Workgroup mem=Workgroup sem=AcquireRelease|ImageMemory"
	)
	want := []string{
		// addS and minW come first.
		"OpAtomicIAdd mem=Device sem=Relaxed 1",
		"OpAtomicSMin mem=Workgroup sem=Relaxed -3",
		wgBarrier, // after zeroing wu, wi and flag
		wgBarrier, stBarrier, texBarrier,
		wgBarrier, "OpLoad", wgBarrier,
		wgBarrier, "OpAtomicLoad mem=Workgroup sem=Relaxed", wgBarrier,
		"OpAtomicLoad mem=Device sem=Relaxed",
		"OpAtomicStore mem=Device sem=Relaxed 3",
		"OpAtomicIAdd mem=Device sem=Relaxed 1",
		"OpAtomicISub mem=Device sem=Relaxed 1",
		"OpAtomicUMax mem=Device sem=Relaxed 1",
		"OpAtomicUMin mem=Device sem=Relaxed 1",
		"OpAtomicAnd mem=Device sem=Relaxed 1",
		"OpAtomicOr mem=Device sem=Relaxed 1",
		"OpAtomicXor mem=Device sem=Relaxed 1",
		"OpAtomicExchange mem=Device sem=Relaxed 1",
		"OpAtomicCompareExchange mem=Device sem=Relaxed sem=Relaxed 7 5", "OpIEqual 5",
		"OpAtomicCompareExchange mem=Workgroup sem=Relaxed sem=Relaxed -7 -5", "OpIEqual -5",
		"OpAtomicSMax mem=Device sem=Relaxed -1",
		"OpAtomicSMin mem=Workgroup sem=Relaxed -2",
		"OpAtomicSMax mem=Workgroup sem=Relaxed 2",
		"OpAtomicIAdd mem=Workgroup sem=Relaxed 2",
		"OpAtomicLoad mem=Workgroup sem=Relaxed",
		"OpAtomicStore mem=Workgroup sem=Relaxed 4",
	}
	for _, target := range backend.Targets {
		t.Run(target.String(), func(t *testing.T) {
			words, err := emitWGSL(t, syncSrc, target, transform.Options{})
			require.NoError(t, err)
			spirvval.Check(t, words, target.String())
			m := parse(t, words)
			require.Len(t, m.Find(spirv.OpMemoryModel), 1)
			assert.Equal(t, uint32(spirv.MemoryModelGLSL450), m.Find(spirv.OpMemoryModel)[0].Words[2],
				"the scopes and semantics above are those of the GLSL450 memory model")
			assert.Equal(t, want, syncInsts(t, m))
		})
	}
}

// syncInsts lists the module's barriers and atomics in order with their scopes and
// semantics spelled out and their other constant operands as signed integers, each
// compare-exchange followed by the comparison that uses its result, and the plain loads
// between a workgroupUniformLoad's barriers.
func syncInsts(t *testing.T, m *spirv.Module) []string {
	t.Helper()
	constant := func(id uint32) string {
		in, ok := m.Def(spirv.ID(id))
		if !ok || in.Op != spirv.OpConstant {
			return fmt.Sprintf("%%%d", id)
		}
		return fmt.Sprint(int32(in.Words[3]))
	}
	scope := func(id uint32) string {
		in, ok := m.Def(spirv.ID(id))
		require.True(t, ok)
		require.Equal(t, spirv.OpConstant, in.Op, "a scope is a constant")
		return spirv.Scope(in.Words[3]).String()
	}
	sem := func(id uint32) string {
		in, ok := m.Def(spirv.ID(id))
		require.True(t, ok)
		require.Equal(t, spirv.OpConstant, in.Op, "memory semantics are a constant")
		return spirv.MemorySemantics(in.Words[3]).String()
	}
	var out []string
	cas := map[spirv.ID]bool{}
	afterBarrier := false
	for _, in := range m.Insts {
		w := in.Words
		s := ""
		switch in.Op {
		case spirv.OpControlBarrier:
			s = fmt.Sprintf("exec=%s mem=%s sem=%s", scope(w[1]), scope(w[2]), sem(w[3]))
		case spirv.OpAtomicStore:
			s = fmt.Sprintf("mem=%s sem=%s %s", scope(w[2]), sem(w[3]), constant(w[4]))
		case spirv.OpAtomicLoad:
			s = fmt.Sprintf("mem=%s sem=%s", scope(w[4]), sem(w[5]))
		case spirv.OpAtomicCompareExchange:
			s = fmt.Sprintf("mem=%s sem=%s sem=%s %s %s", scope(w[4]), sem(w[5]), sem(w[6]), constant(w[7]), constant(w[8]))
			cas[in.Result()] = true
		case spirv.OpAtomicIAdd, spirv.OpAtomicISub, spirv.OpAtomicSMax, spirv.OpAtomicUMax, spirv.OpAtomicSMin,
			spirv.OpAtomicUMin, spirv.OpAtomicAnd, spirv.OpAtomicOr, spirv.OpAtomicXor, spirv.OpAtomicExchange:
			s = fmt.Sprintf("mem=%s sem=%s %s", scope(w[4]), sem(w[5]), constant(w[6]))
		case spirv.OpIEqual:
			if !cas[spirv.ID(w[3])] {
				continue
			}
			s = constant(w[4])
		case spirv.OpLoad:
			if !afterBarrier {
				continue
			}
		default:
			afterBarrier = false
			continue
		}
		afterBarrier = in.Op == spirv.OpControlBarrier
		if s != "" {
			s = " " + s
		}
		out = append(out, in.Op.String()+s)
	}
	return out
}
