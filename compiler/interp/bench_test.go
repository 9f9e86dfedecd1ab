package interp_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/interp"
)

// BenchmarkSaxpy runs y = a*x + y over 1,000,000 elements, workgroups of 64: the figure of
// BENCHMARKS.md (go test -bench Saxpy -cpu 1 ./compiler/interp).
func BenchmarkSaxpy(b *testing.B) {
	const n = 1_000_000
	p := compile(b, saxpy)
	xs, ys := make([]float32, n), make([]float32, n)
	for i := range xs {
		xs[i], ys[i] = float32(i), 1
	}
	params := make([]byte, 8)
	binary.LittleEndian.PutUint32(params, math.Float32bits(2))
	binary.LittleEndian.PutUint32(params[4:], n)
	x, y := f32s(xs...), f32s(ys...)
	d := interp.Dispatch{Entry: "main", Groups: [3]uint32{(n + 63) / 64, 1, 1}, Buffers: map[interp.BindingPoint][]byte{
		{Group: 0, Binding: 0}: params, {Group: 0, Binding: 1}: x, {Group: 0, Binding: 2}: y}}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := p.Dispatch(d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/element")
}
