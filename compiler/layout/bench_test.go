package layout

import (
	"strconv"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// structSet builds n structures of eight members each, every one after the first 16
// containing two earlier structures (one in an array), as a large shader's types would. They
// are all valid in the uniform address space.
func structSet(n int) []*types.Struct {
	out := make([]*types.Struct, n)
	for i := range out {
		ms := []*types.Member{
			mem("a", vec(3, f32)),
			mem("b", f32),
			mem("c", mat(3, 3, f32)),
			mem("d", arr(vec(4, f32), 5)),
			mem("e", u32, align(16)),
			mem("f", vec(4, i32)),
		}
		switch {
		case i >= 16 && i%100 == 0:
			ms = append(ms, mem("g", out[i-1]), mem("h", arr(out[i%16], 2)))
		case i >= 16:
			ms = append(ms, mem("g", out[i%16]), mem("h", arr(out[i*7%16], 2)))
		default:
			ms = append(ms, mem("g", mat(2, 2, f32)), mem("h", arr(mat(2, 4, f16), 2)))
		}
		out[i] = st("S"+strconv.Itoa(i), ms...)
	}
	return out
}

func BenchmarkStructs(b *testing.B) {
	const n = 10_000
	set := structSet(n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		l := New(Options{})
		for _, s := range set {
			l.Struct(s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/struct")
}

func BenchmarkCheck(b *testing.B) {
	const n = 10_000
	set := structSet(n)
	report := func(e *Error) { b.Fatal(e.Message) }
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		l := New(Options{})
		for _, s := range set {
			l.CheckType(s, noSpan, report)
			l.Check(s, types.AddrUniform, noSpan, report)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/struct")
}
