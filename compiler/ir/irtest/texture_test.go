package irtest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The IR's reading of texture builtin operands agrees with the spec's table on every call
// TextureCalls makes, and those calls reach every overload of the table.
func TestTextureCallsCoverTable(t *testing.T) {
	calls := TextureCalls()
	reached := map[*builtins.Overload]bool{}
	for _, c := range calls {
		reached[c.Overload] = true
		_, ok := ir.TextureOperands(c.Func, c.Args)
		require.True(t, ok, "%v", c)
		got := ir.BuiltinResultType(c.Func, c.Args)
		require.NotNil(t, got, "%v", c)
		assert.True(t, types.Identical(got, c.Result), "%v: result %v, table %v", c, got, c.Result)
	}
	for _, fn := range textureFuncs() {
		b, ok := builtins.Lookup(fn.String())
		require.True(t, ok, fn.String())
		for _, o := range b.Overloads {
			assert.True(t, reached[o], "overload %s is not reached", o.Signature())
		}
	}
	t.Logf("%d calls", len(calls))
}

func TestTextureModuleValidates(t *testing.T) {
	m := TextureModule(TextureCalls())
	require.NoError(t, ir.Validate(m))
}

// Operand lists that fit no overload are refused.
func TestTextureOperandsRefuse(t *testing.T) {
	tex2d := &types.Texture{Kind: types.TexSampled, Dim: types.Dim2D, Sampled: types.F32}
	arr := &types.Texture{Kind: types.TexSampled, Dim: types.Dim2DArray, Sampled: types.F32}
	v2 := types.Vec(2, types.F32)
	for _, tc := range []struct {
		fn   builtins.Fn
		args []types.Type
	}{
		{builtins.FnTextureSample, []types.Type{tex2d, types.SamplerType}},
		{builtins.FnTextureSample, []types.Type{types.SamplerType, tex2d, v2}},
		{builtins.FnTextureDimensions, []types.Type{tex2d, types.U32, types.U32}},
		{builtins.FnTextureSampleLevel, []types.Type{arr, types.SamplerType, v2, types.F32}},
		{builtins.FnAbs, []types.Type{types.F32}},
	} {
		_, ok := ir.TextureOperands(tc.fn, tc.args)
		assert.False(t, ok, "%s%v", tc.fn, tc.args)
		if tc.fn != builtins.FnAbs {
			assert.Nil(t, ir.BuiltinResultType(tc.fn, tc.args))
		}
	}
}
