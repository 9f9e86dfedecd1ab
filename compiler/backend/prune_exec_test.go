package backend_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Indices that transform.PruneClamps proves in bounds next to the same indices unguarded:
// those must still be clamped (an out-of-bounds read gives the last element, as
// min(i, n - 1) does), whatever the driver would do with the raw access.
func TestExecPrunedClamps(t *testing.T) {
	src := `
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
var<private> table: array<u32, 8> = array<u32, 8>(1u, 2u, 4u, 8u, 16u, 32u, 64u, 128u);
var<workgroup> wg: array<u32, 64>;

fn lookup(i: u32) -> u32 {
    var r = 0u;
    if i < arrayLength(&data) {
        r += data[i];                  // proved
    }
    r += data[i] * 3u;                 // clamped
    if i >= 8u || data[0] == 77u {
        return r + table[i];           // clamped
    }
    return r + table[i] * 5u;          // proved by the early return
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    wg[lid] = lid;                     // proved: lid < 64
    workgroupBarrier();
    let i = lid * 3u;                  // up to 189
    var r = lookup(i);
    r += table[i % 8u] * 7u;           // proved
    r += table[i & 15u] * 11u;         // clamped
    for (var k = 0u; k < min(i, 8u); k++) {
        r += table[k];                 // proved: k < min(i, 8)
    }
    r += wg[(lid + 1u) % 64u];         // proved
    r += wg[lid + 1u] * 13u;           // clamped
    out[lid] = r;
}
`
	const n = 20
	data := make([]uint32, n)
	for i := range data {
		data[i] = uint32(1000 + i*10)
	}
	table := []uint32{1, 2, 4, 8, 16, 32, 64, 128}
	at := func(s []uint32, i uint32) uint32 { return s[min(int(i), len(s)-1)] }
	res := runWGSL(t, wgslRun{src: src, bindings: []vulkan.Binding{storage(0, le32(data...)), storage(1, make([]byte, 64*4))}})
	got := words32(res.Bytes(0, 1))
	for lid := uint32(0); lid < 64; lid++ {
		i := lid * 3
		r := uint32(0)
		if i < n {
			r += data[i]
		}
		r += at(data, i) * 3
		if i >= 8 || data[0] == 77 {
			r += at(table, i)
		} else {
			r += table[i] * 5
		}
		r += table[i%8] * 7
		r += at(table, i&15) * 11
		for k := uint32(0); k < min(i, 8); k++ {
			r += table[k]
		}
		r += (lid + 1) % 64
		r += min(lid+1, 63) * 13
		assert.Equal(t, r, got[lid], "out[%d]", lid)
	}
}
