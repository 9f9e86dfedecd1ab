package backend_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir/irtest"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

const largeFuncs = 400

func TestLargeValidates(t *testing.T) {
	m := irtest.Large(largeFuncs)
	require.NoError(t, transform.ForSPIRV(m, transform.Options{}))
	for _, target := range backend.Targets {
		words, err := backend.Emit(m, backend.Options{Target: target})
		require.NoError(t, err)
		spirvval.Check(t, words, target.String())
	}
}

// BenchmarkEmit measures the backend alone on a prepared large module (bytes are SPIR-V
// output).
func BenchmarkEmit(b *testing.B) {
	m := irtest.Large(largeFuncs)
	require.NoError(b, transform.ForSPIRV(m, transform.Options{}))
	words, err := backend.Emit(m, backend.Options{Target: backend.Vulkan1_1})
	require.NoError(b, err)
	b.SetBytes(int64(4 * len(words)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := backend.Emit(m, backend.Options{Target: backend.Vulkan1_1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildTransformEmit measures building the IR with the Builder, every transform
// with validation, and emission (bytes are SPIR-V output).
func BenchmarkBuildTransformEmit(b *testing.B) {
	m := irtest.Large(largeFuncs)
	require.NoError(b, transform.ForSPIRV(m, transform.Options{}))
	words, err := backend.Emit(m, backend.Options{Target: backend.Vulkan1_1})
	require.NoError(b, err)
	b.SetBytes(int64(4 * len(words)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		m := irtest.Large(largeFuncs)
		if err := transform.ForSPIRV(m, transform.Options{}); err != nil {
			b.Fatal(err)
		}
		if _, err := backend.Emit(m, backend.Options{Target: backend.Vulkan1_1}); err != nil {
			b.Fatal(err)
		}
	}
}
