package perfecthash_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/perfecthash"
)

func TestSearch(t *testing.T) {
	keys := []uint64{3, 11, 19, 27, 35}
	// The top three bits of a multiplicative hash: the first seed that separates the keys is
	// the answer, found below by trying each seed in turn.
	slot := func(k int, seed uint64) uint32 { return uint32(keys[k] * (seed*0x9e3779b97f4a7c15 | 1) >> 61) }
	seed, table, ok := perfecthash.Search(len(keys), 8, slot)
	require.True(t, ok)
	want := uint64(0)
	for s := uint64(1); want == 0; s++ {
		seen := map[uint32]bool{}
		for k := range keys {
			seen[slot(k, s)] = true
		}
		if len(seen) == len(keys) {
			want = s
		}
	}
	assert.Equal(t, want, seed)
	for k := range keys {
		assert.Equal(t, k+1, table[slot(k, seed)], "key %d", keys[k])
	}
	filled := 0
	for _, v := range table {
		if v != 0 {
			filled++
		}
	}
	assert.Equal(t, len(keys), filled)
}

func TestSearchFails(t *testing.T) {
	_, table, ok := perfecthash.Search(3, 2, func(k int, _ uint64) uint32 { return uint32(k % 2) })
	assert.False(t, ok, "three keys cannot have two slots of their own")
	assert.Nil(t, table)
}

func TestWriteTable(t *testing.T) {
	var sb strings.Builder
	perfecthash.WriteTable(&sb, []int{0, 2, 0, 1}, func(k int) string { return []string{"a", "b"}[k] })
	assert.Equal(t, "\t1: 2, // b\n\t3: 1, // a\n", sb.String())
}
