package software_test

import (
	"encoding/binary"
	"math"
	"os"
	"testing"

	"github.com/gogpu/gputypes"
	"github.com/stretchr/testify/require"
)

// saxpyFile is compiler/interp's benchmark kernel, the one the figures of BENCHMARKS.md
// compare.
const saxpyFile = "../../compiler/interp/testdata/saxpy.wgsl"

// saxpyKernel is y = 2x + 1 over n elements, x[i] = i.
func saxpyKernel(t testing.TB, n int) kernel {
	t.Helper()
	src, err := os.ReadFile(saxpyFile)
	if err != nil {
		t.Fatal(err)
	}
	params := make([]byte, 8)
	binary.LittleEndian.PutUint32(params, math.Float32bits(2))
	binary.LittleEndian.PutUint32(params[4:], uint32(n))
	x, y := make([]byte, 4*n), make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(x[4*i:], math.Float32bits(float32(i)))
		binary.LittleEndian.PutUint32(y[4*i:], math.Float32bits(1))
	}
	return kernel{src: string(src), groups: [3]uint32{uint32(n+63) / 64, 1, 1}, bindings: []binding{
		{gputypes.BufferBindingTypeUniform, params},
		{gputypes.BufferBindingTypeReadOnlyStorage, x},
		{gputypes.BufferBindingTypeStorage, y},
	}}
}

// TestSaxpy checks that both run the benchmark's kernel right, so that the figures compare
// equal work: y[i] = 2i + 1 (exact in f32 below 2^24).
func TestSaxpy(t *testing.T) {
	const n = 1_000_000
	k := saxpyKernel(t, n)
	want := make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(want[4*i:], math.Float32bits(float32(2*i+1)))
	}
	require.Equal(t, want, k.interpret(t)[2], "interpreter")
	for _, from := range []source{wgslgoSPIRV, nagaWGSL} {
		p := k.prepare(t, softwareDevice(t), from)
		p.dispatch(t)
		require.Equal(t, want, p.read(t, 2), "software backend, %s", from)
	}
}

func (s source) String() string { return [...]string{"wgslgo's SPIR-V", "gogpu/naga's SPIR-V"}[s] }

// BenchmarkSaxpy dispatches saxpy over 1,000,000 elements on the software backend, with
// wgslgo's SPIR-V; compiler/interp's BenchmarkSaxpy is the interpreter's figure.
func BenchmarkSaxpy(b *testing.B) {
	const n = 1_000_000
	p := saxpyKernel(b, n).prepare(b, softwareDevice(b), wgslgoSPIRV)
	b.ResetTimer()
	for range b.N {
		p.dispatch(b)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/element")
}
