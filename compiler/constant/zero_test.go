package constant

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// TestHugeZero: the zero value of an array holds one element whatever its count, and behaves
// as the array: length, indexing, conversion, identity, zeroness, printing.
func TestHugeZero(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	big := &types.Array{Elem: types.Vec(4, types.F32), Count: 600_000_000}
	s := &types.Struct{Name: "S", Members: []*types.Member{{Name: "a", Type: big}, {Name: "b", Type: types.I32}}}
	z := Zero(s)
	runtime.ReadMemStats(&after)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated for the zero value")

	a := z.Index(0)
	require.Equal(t, 600_000_000, a.Len())
	last := a.Index(599_999_999)
	assert.True(t, last.IsZero())
	assert.Equal(t, types.Vec(4, types.F32), last.Type())
	assert.Panics(t, func() { a.Index(600_000_000) })
	assert.True(t, z.IsZero())
	assert.True(t, Identical(z, Zero(s)))
	assert.False(t, Identical(a, Zero(&types.Array{Elem: types.Vec(4, types.F32), Count: 599_999_999})))
	assert.Equal(t, "S(array<vec4<f32>, 600000000>(), 0i)", z.String())

	abstract := &types.Array{Elem: types.AbstractInt, Count: 500_000_000}
	c, err := Convert(Zero(abstract), &types.Array{Elem: types.U32, Count: 500_000_000})
	require.NoError(t, err)
	assert.Equal(t, 500_000_000, c.Len())
	assert.Equal(t, MakeU32(0), c.Index(123))

	small := Zero(&types.Array{Elem: types.I32, Count: 3})
	assert.Equal(t, "array<i32, 3>(0i, 0i, 0i)", small.String())
	assert.True(t, Identical(small, MakeComposite(small.Type(), []Value{MakeI32(0), MakeI32(0), MakeI32(0)})))
}
