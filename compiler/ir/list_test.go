package ir

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGrowList: lists grown from shared chunks, appended to in an interleaved order (the
// last one grown grows in place), each hold what was appended to them.
func TestGrowList(t *testing.T) {
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
			lists[k] = growList(&chunks, lists[k])
		}
		lists[k] = append(lists[k], i)
		want[k] = append(want[k], i)
	}
	for k := range lists {
		require.Equal(t, want[k], lists[k], "list %d", k)
	}

	// Growing the list at the end of the chunk keeps it where it is.
	chunks = make([]int, 0, 64)
	s := growList(&chunks, nil)
	s = append(s, 1, 2)
	first := &s[0]
	s = growList(&chunks, s)
	assert.Same(t, first, &s[0])
	assert.Equal(t, []int{1, 2}, s)
	assert.Equal(t, 4, cap(s))
	// Another list grown after it: the first one moves when it grows again.
	o := growList(&chunks, nil)
	o = append(o, 9)
	s = append(s, 3, 4)
	s = growList(&chunks, s)
	assert.NotSame(t, first, &s[0])
	assert.Equal(t, []int{1, 2, 3, 4}, s)
	assert.Equal(t, []int{9}, o)
}
