package builtins

import (
	"math/rand/v2"
	"runtime"
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

// TestGeneratedBlocksAreData: the first lookup of a builtin in the process's own table makes
// the Builtin and the list of its overloads, not the overloads: those are the static data of
// blocks_gen.go, which no code builds (each would be an allocation, a builtin with 20
// overloads a hundred or more).
func TestGeneratedBlocksAreData(t *testing.T) {
	ensureIndex()
	defer func() {
		compileMu.Lock()
		defer compileMu.Unlock()
		useIndex(indexedBlocks[:], indexedNames[:])
	}()
	for _, name := range []string{"textureSample", "textureLoad", "textureGather", "textureDimensions", "vec4", "bitcast"} {
		compileMu.Lock()
		useIndex(indexedBlocks[:], indexedNames[:]) // nothing compiled yet
		compileMu.Unlock()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		b, ok := lookupTable(name)
		runtime.ReadMemStats(&after)
		require.True(t, ok, name)
		allocs := after.Mallocs - before.Mallocs
		require.GreaterOrEqual(t, len(b.Overloads), 4, name)
		require.Less(t, allocs, uint64(len(b.Overloads)), "%s: %d overloads, %d allocations at its first lookup", name, len(b.Overloads), allocs)
		for _, o := range b.Overloads {
			require.True(t, inGeneratedBlocks(o), "%s: an overload outside blocks_gen.go's data", name)
		}
	}
}

// inGeneratedBlocks reports whether o is an element of compiledBlocks.
func inGeneratedBlocks(o *Overload) bool {
	for i := range compiledBlocks {
		for j := range compiledBlocks[i] {
			if o == &compiledBlocks[i][j] {
				return true
			}
		}
	}
	return false
}
