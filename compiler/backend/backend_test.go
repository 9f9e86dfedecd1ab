package backend_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/irtest"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// emit prepares a fresh sample module and emits it for target.
func emit(t *testing.T, build func() *ir.Module, target backend.Target) []uint32 {
	t.Helper()
	words, _ := emitModule(t, build, target)
	return words
}

// emitModule is emit that also returns the module the words are made from.
func emitModule(t *testing.T, build func() *ir.Module, target backend.Target) ([]uint32, *ir.Module) {
	t.Helper()
	m := build()
	require.NoError(t, transform.ForSPIRV(m, transform.Options{}))
	words, err := backend.Emit(m, backend.Options{Target: target})
	require.NoError(t, err, ir.Print(m))
	return words, m
}

func TestSamplesValidate(t *testing.T) {
	for _, s := range irtest.Samples {
		for _, target := range backend.Targets {
			t.Run(s.Name+"/"+target.String(), func(t *testing.T) {
				spirvval.Check(t, emit(t, s.Build, target), target.String())
			})
		}
	}
}
