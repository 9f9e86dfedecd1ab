package ir

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// TestGrowList: lists grown from shared chunks, appended to in an interleaved order (the
// last one grown grows in place), each hold what was appended to them.
func TestGrowList(t *testing.T) {
	// The second time, the lists are grown from the chunks of the first (the slab reset, as a
	// released module's are).
	var pool slab[int]
	for round := range 2 {
		var chunks []int
		r := rand.New(rand.NewPCG(1, 2))
		lists := make([][]int, 8)
		want := make([][]int, len(lists))
		for i := 0; i < 5000; i++ {
			k := r.IntN(len(lists))
			if r.IntN(4) != 0 {
				k = 0 // mostly the same list, as a builder filling one block
			}
			if len(lists[k]) == cap(lists[k]) {
				lists[k] = growList(&chunks, &pool, lists[k])
			}
			lists[k] = append(lists[k], i)
			want[k] = append(want[k], i)
		}
		for k := range lists {
			require.Equal(t, want[k], lists[k], "round %d, list %d", round, k)
		}
		if round == 0 {
			require.NotZero(t, pool.used)
			pool.reset(chunks)
			for _, c := range pool.chunks {
				require.Equal(t, make([]int, cap(c)), c[:cap(c)], "a reset chunk is cleared")
			}
		}
	}

	// Growing the list at the end of the chunk keeps it where it is.
	chunks := make([]int, 0, 64)
	s := growList(&chunks, &pool, nil)
	s = append(s, 1, 2)
	first := &s[0]
	s = growList(&chunks, &pool, s)
	assert.Same(t, first, &s[0])
	assert.Equal(t, []int{1, 2}, s)
	assert.Equal(t, 4, cap(s))
	// Another list grown after it: the first one moves when it grows again.
	o := growList(&chunks, &pool, nil)
	o = append(o, 9)
	s = append(s, 3, 4)
	s = growList(&chunks, &pool, s)
	assert.NotSame(t, first, &s[0])
	assert.Equal(t, []int{1, 2, 3, 4}, s)
	assert.Equal(t, []int{9}, o)
}

// TestReleaseEmpties: a released module keeps its memory for the next one, emptied: no
// value, name, constant, parameter or instruction of the old module stays reachable, and the
// chunks are handed out again rather than added to.
func TestReleaseEmpties(t *testing.T) {
	m := NewModule()
	m.Reserve(8)
	g := m.NewGlobal("g", types.AddrPrivate, types.ReadWrite, types.I32)
	f := m.NewFunc("f", types.I32)
	p := f.AddParam("p", types.I32, types.NoIO)
	b := NewBuilder(f)
	b.If(b.Eq(p, b.I32(1)), nil, func() { b.Store(g.Value, b.I32(2)) }, nil)
	b.Return(b.Add(b.Load(g.Value), p))
	require.NoError(t, Validate(m))
	chunks := len(m.instChunks.chunks) + len(m.ctlChunks.chunks) + len(m.argChunks.chunks) +
		len(m.blockChunks.chunks) + len(m.instListChunks.chunks) + len(m.blockListsChunks.chunks) +
		len(m.funcChunks.chunks) + len(m.globalChunks.chunks)
	values := m.values[:cap(m.values)]

	m.Release()
	assert.Equal(t, 1, m.NumValues())
	assert.Equal(t, make([]valueInfo, len(values)), values, "the value table is cleared")
	assert.Empty(t, m.paramFuncs)
	assert.Empty(t, m.constIdx)
	assert.Empty(t, m.scalarIdx)
	assert.Empty(t, m.Funcs)
	assert.Empty(t, m.Globals)
	assert.Empty(t, m.Exprs.Insts)
	for _, c := range m.instChunks.chunks {
		assert.Equal(t, make([]Inst, cap(c)), c[:cap(c)], "the instructions are cleared")
	}
	for _, c := range m.funcChunks.chunks {
		assert.Equal(t, make([]Func, cap(c)), c[:cap(c)], "the functions are cleared")
	}
	assert.Equal(t, chunks, len(m.instChunks.chunks)+len(m.ctlChunks.chunks)+len(m.argChunks.chunks)+
		len(m.blockChunks.chunks)+len(m.instListChunks.chunks)+len(m.blockListsChunks.chunks)+
		len(m.funcChunks.chunks)+len(m.globalChunks.chunks))
	for _, used := range []int{m.instChunks.used, m.ctlChunks.used, m.argChunks.used, m.blockChunks.used,
		m.instListChunks.used, m.blockListsChunks.used, m.funcChunks.used, m.globalChunks.used} {
		assert.Zero(t, used, "every chunk is free for the next module")
	}
}
