package backend_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Loads and stores that transform.CSE may merge, next to writes it must not look past:
// stores, calls writing through pointers, loops, barriers and atomics.
func TestExecLoadReuse(t *testing.T) {
	src := `
@group(0) @binding(0) var<storage, read_write> buf: array<u32, 64>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 64>;
var<workgroup> shared_v: u32;
var<workgroup> counter: atomic<u32>;

fn bump(p: ptr<function, u32>) { *p += 10u; }

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    if i == 0u { shared_v = 1u; }
    var x = buf[i];
    let a = x + x;          // two loads of x: one
    bump(&x);               // x changes behind a pointer
    let b = x;              // a new load
    x = b * 2u;
    let c = x + 1u;         // the stored value
    var s = 0u;
    for (var k = 0u; k < 3u; k++) {
        s += x;             // read in a loop that writes x
        x += 1u;
    }
    let before = shared_v;  // 1 for invocation 0, 0 or 1 for the others: not stored
    workgroupBarrier();
    if i == 1u { shared_v = 5u; }
    workgroupBarrier();
    let after = shared_v;   // 5 everywhere: a new load after the barriers
    atomicAdd(&counter, 1u);
    workgroupBarrier();
    buf[i] = a + b + c + s + after + atomicLoad(&counter);
    let again = buf[i];     // the stored value
    out[i] = again * 3u + u32(before > 1u);
}
`
	in := make([]uint32, 64)
	for i := range in {
		in[i] = uint32(i*7 + 3)
	}
	res := runWGSL(t, wgslRun{src: src, bindings: []vulkan.Binding{storage(0, le32(in...)), storage(1, make([]byte, 256))}})
	got := words32(res.Bytes(0, 1))
	for i, v := range in {
		a := 2 * v
		b := v + 10
		x := b * 2
		c := x + 1
		s := x + (x + 1) + (x + 2)
		want := a + b + c + s + 5 + 64
		assert.Equal(t, want*3, got[i], "out[%d]", i)
		assert.Equal(t, want, words32(res.Bytes(0, 0))[i], "buf[%d]", i)
	}
}
