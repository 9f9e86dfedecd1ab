package spirv_test

import (
	"slices"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// buildLarge builds a module of n functions, each with a parameter, a
// Function variable, a selection and about 20 instructions, using shared
// types and constants as a compiler would. It returns the builder and the
// number of instructions emitted into function bodies.
func buildLarge(n int) (*spirv.Builder, int) {
	b := spirv.NewBuilder(spirv.Version1_3)
	b.Capability(spirv.CapabilityShader)
	void := b.TypeVoid()
	f32 := b.TypeFloat(32)
	u32 := b.TypeInt(32, false)
	boolT := b.TypeBool()
	vec4 := b.TypeVector(f32, 4)
	fnT := b.TypeFunction(f32, f32)
	ptr := b.TypePointer(spirv.StorageClassFunction, f32)
	insts := 0
	var last spirv.ID
	for i := range n {
		f := b.BeginFunction(0, f32, fnT, spirv.FunctionControlNone)
		x := f.Param(f32)
		f.Block(0)
		v := f.Variable(ptr, 0)
		f.Store(v, x)
		a := f.Emit(spirv.OpFMul, f32, f.Load(f32, v), b.ConstantF32(float32(i%64)))
		vec := f.Emit(spirv.OpCompositeConstruct, vec4, a, a, x, b.ConstantF32(1))
		d := f.Emit(spirv.OpDot, f32, vec, vec)
		s := f.GLSL(f32, spirv.GLSLstd450Sqrt, d)
		k := f.Emit(spirv.OpConvertFToU, u32, s)
		c := f.Emit(spirv.OpULessThan, boolT, k, b.ConstantU32(uint32(i%16)))
		then, merge := b.NewID(), b.NewID()
		f.SelectionMerge(merge, spirv.SelectionControlNone)
		f.BranchConditional(c, then, merge)
		f.Block(then)
		f.Store(v, f.Emit(spirv.OpFNegate, f32, s))
		f.Branch(merge)
		f.Block(merge)
		r := f.Load(f32, v)
		if last != 0 {
			r = f.Call(f32, last, r)
		}
		f.ReturnValue(r)
		f.End()
		last = f.ID()
		insts += 22
	}
	main := b.BeginFunction(0, void, b.TypeFunction(void), spirv.FunctionControlNone)
	main.Block(0)
	main.Call(f32, last, b.ConstantF32(1))
	main.Return()
	main.End()
	b.EntryPoint(spirv.ExecutionModelGLCompute, main.ID(), "main")
	b.ExecutionMode(main.ID(), spirv.ExecutionModeLocalSize, 1, 1, 1)
	return b, insts
}

func TestLargeModuleValid(t *testing.T) {
	b, _ := buildLarge(50)
	spirvval.Check(t, b.Words(), "vulkan1.1")
}

// BenchmarkBuildLarge builds and serializes a module of 10,000 functions
// (about 220,000 instructions); MB/s is of the output bytes.
func BenchmarkBuildLarge(bench *testing.B) {
	var insts, size int
	for bench.Loop() {
		b, n := buildLarge(10000)
		size = len(b.Bytes())
		insts = n
	}
	bench.SetBytes(int64(size))
	bench.ReportMetric(float64(bench.Elapsed().Nanoseconds())/float64(bench.N)/float64(insts), "ns/inst")
}

// TestReleaseReusesChunks: a builder that takes the function chunks another released
// writes the same module as one that allocates its own, and the released builder's words,
// already returned, do not change. Module sizes from one chunk to several, released in
// different orders, so that chunks of every size pass from a module to a larger and a smaller.
func TestReleaseReusesChunks(t *testing.T) {
	sizes := []int{1, 3000, 40, 700, 2}
	want := make([][]uint32, len(sizes))
	for i, n := range sizes {
		b, _ := buildLarge(n)
		want[i] = b.Words() // no builder has released chunks yet
	}
	for round := range 3 {
		var kept [][]uint32
		for i, n := range sizes {
			b, _ := buildLarge(n)
			w := b.Words()
			b.Release()
			if !slices.Equal(w, want[i]) {
				t.Fatalf("round %d: the module of %d functions differs from the one built before any release", round, n)
			}
			kept = append(kept, w)
		}
		for i := range kept {
			if !slices.Equal(kept[i], want[i]) {
				t.Fatalf("round %d: the words of the module of %d functions changed after later builders reused its chunks", round, sizes[i])
			}
		}
	}
}
