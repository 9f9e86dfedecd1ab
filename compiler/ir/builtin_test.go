package ir

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// TestBuiltinResultTypeRemembered: a module's remembered answers are BuiltinResultType's,
// asked in any order and again, for calls that differ only in the function (among them
// functions listed together, 64 apart), an operand type or the operand count, and for calls
// no overload takes; and a released module forgets them.
func TestBuiltinResultTypeRemembered(t *testing.T) {
	v3 := types.Vec(3, types.F32)
	calls := []struct {
		fn   builtins.Fn
		args []types.Type
	}{
		{builtins.FnMin, []types.Type{types.F32, types.F32}},
		{builtins.FnMin, []types.Type{v3, v3}},
		{builtins.FnMin, []types.Type{types.F32}}, // no overload
		{builtins.FnMax, []types.Type{types.F32, types.F32}},
		{builtins.FnAbs, []types.Type{types.F32}},
		{builtins.FnLength, []types.Type{v3}},
		{builtins.FnMin, []types.Type{types.F32, v3}}, // no overload
		{builtins.FnWorkgroupBarrier, nil},
		{builtins.FnDpdy, []types.Type{types.F32}},
		{builtins.FnSubgroupMul, []types.Type{types.F32}},
		{builtins.FnPack2x16unorm, []types.Type{types.Vec(2, types.F32)}},
		{builtins.FnDpdy, []types.Type{v3}},
	}
	require.Equal(t, builtins.FnAbs%builtinBuckets, builtins.FnDpdy%builtinBuckets)
	require.Equal(t, builtins.FnAbs%builtinBuckets, builtins.FnSubgroupMul%builtinBuckets)
	require.Equal(t, builtins.FnMin%builtinBuckets, builtins.FnPack2x16unorm%builtinBuckets)
	m := NewModule()
	for round := range 3 {
		for i, c := range calls {
			require.Equal(t, BuiltinResultType(c.fn, c.args), m.builtinResultType(c.fn, c.args), "round %d, call %d", round, i)
		}
		require.Len(t, m.builtinResults, len(calls), "round %d: each call is remembered once", round)
		if round == 1 {
			m.Release()
			require.Empty(t, m.builtinResults)
			require.Zero(t, m.builtinBuckets)
			m = NewModule()
		}
	}
}

// BenchmarkBuiltinResultType asks for the result type of a call, resolved each time and
// remembered by a module.
func BenchmarkBuiltinResultType(b *testing.B) {
	v3 := types.Vec(3, types.F32)
	args := []types.Type{v3, v3, types.F32}
	b.Run("resolved", func(b *testing.B) {
		for b.Loop() {
			BuiltinResultType(builtins.FnMix, args)
		}
	})
	b.Run("remembered", func(b *testing.B) {
		m := NewModule()
		for b.Loop() {
			m.builtinResultType(builtins.FnMix, args)
		}
	})
}
