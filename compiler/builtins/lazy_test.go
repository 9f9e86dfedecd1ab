package builtins

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// reindex gives the test a table compiled from scratch; the builtins returned before stay
// valid.
func reindex(t *testing.T) {
	ensureIndex() // the process's own indexing is done and will not run again
	compileMu.Lock()
	defer compileMu.Unlock()
	useIndex(indexTable(tableText + matrixConstructors()))
}

// TestLazyTable: whatever the order in which builtins are first looked up, and from however
// many goroutines, each gets all its overloads in table order, compiled once.
func TestLazyTable(t *testing.T) {
	reindex(t)
	want := map[string][]string{}
	for _, name := range Names() {
		b, ok := lookupTable(name)
		require.True(t, ok)
		require.NotEmpty(t, b.Overloads, name)
		for i, o := range b.Overloads {
			if i > 0 {
				require.Less(t, b.Overloads[i-1].id, o.id, name)
			}
			want[name] = append(want[name], o.Signature())
		}
	}
	for round := range 3 {
		reindex(t)
		names := Names()
		rand.New(rand.NewPCG(uint64(round), 1)).Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		var wg sync.WaitGroup
		got := make([]map[string][]string, 4)
		for g := range got {
			got[g] = map[string][]string{}
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range names {
					name := names[(k+g*len(names)/len(got))%len(names)]
					b, _ := lookupTable(name)
					for _, o := range b.Overloads {
						got[g][name] = append(got[g][name], o.Signature())
					}
				}
			}()
		}
		wg.Wait()
		for _, m := range got {
			require.Equal(t, want, m)
		}
	}
}

// BenchmarkIndexTable is the work index_gen.go saves the first lookup.
func BenchmarkIndexTable(b *testing.B) {
	ensureIndex()
	b.ReportAllocs()
	for b.Loop() {
		useIndex(indexTable(tableText + matrixConstructors()))
	}
}

// BenchmarkCompileTable compiles every block of the table, as a process that used every
// builtin would.
func BenchmarkCompileTable(b *testing.B) {
	names := Names() // indexes the table once: reindexing below does not repeat it
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		useIndex(indexTable(tableText + matrixConstructors()))
		b.StartTimer()
		for _, name := range names {
			lookupTable(name)
		}
	}
}

// BenchmarkUseIndex is the work of the first lookup: the table from its generated index.
func BenchmarkUseIndex(b *testing.B) {
	ensureIndex()
	b.ReportAllocs()
	for b.Loop() {
		useIndex(indexedBlocks[:], indexedNames[:])
	}
}
