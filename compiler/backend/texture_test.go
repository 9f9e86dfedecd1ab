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

// Every call of every texture builtin overload (irtest.TextureCalls: every texture type,
// every texel format and access mode, every operand shape) emits SPIR-V that spirv-val
// accepts, for every target. One module per builtin.
func TestTextureCallsValidate(t *testing.T) {
	byFunc := map[ir.BuiltinFunc][]irtest.TextureCall{}
	var order []ir.BuiltinFunc
	for _, c := range irtest.TextureCalls() {
		if _, ok := byFunc[c.Func]; !ok {
			order = append(order, c.Func)
		}
		byFunc[c.Func] = append(byFunc[c.Func], c)
	}
	for _, fn := range order {
		calls := byFunc[fn]
		t.Run(fn.String(), func(t *testing.T) {
			t.Parallel()
			for _, target := range backend.Targets {
				m := irtest.TextureModule(calls)
				require.NoError(t, transform.ForSPIRV(m, transform.Options{}))
				words, err := backend.Emit(m, backend.Options{Target: target})
				require.NoError(t, err)
				spirvval.Check(t, words, target.String())
			}
		})
	}
}
