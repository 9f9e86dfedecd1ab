// Package perfecthash finds the seeds of the perfect hashes that generators write into Go
// source as tables: the builtin names of compiler/builtins and the keywords and reserved
// words of compiler/syntax. The hash itself is the table's own; only the search is shared.
package perfecthash

import (
	"fmt"
	"io"
)

// maxSeed bounds the search: a table whose hash no seed up to it separates needs more slots
// or a hash that reads more of the key.
const maxSeed = 1 << 16

// Search returns the first seed from 1 under which slot gives each of n keys a slot of its
// own among size, and the table that results: at each slot the index of its key plus one, 0
// where no key hashes. ok is false when no seed up to 65,536 separates the keys.
func Search(n, size int, slot func(key int, seed uint64) uint32) (seed uint64, table []int, ok bool) {
	table = make([]int, size)
	for seed = 1; seed <= maxSeed; seed++ {
		clear(table)
		ok = true
		for k := 0; k < n; k++ {
			s := slot(k, seed)
			if table[s] != 0 {
				ok = false
				break
			}
			table[s] = k + 1
		}
		if ok {
			return seed, table, true
		}
	}
	return 0, nil, false
}

// WriteTable writes the filled slots of table as the elements of a Go array literal, one a
// line with the key's name as a comment: "slot: key+1, // name".
func WriteTable(w io.Writer, table []int, name func(key int) string) {
	for slot, k := range table {
		if k != 0 {
			fmt.Fprintf(w, "\t%d: %d, // %s\n", slot, k, name(k-1))
		}
	}
}
