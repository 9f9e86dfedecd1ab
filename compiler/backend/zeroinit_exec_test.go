package backend_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Workgroup arrays with as many elements as invocations, fewer, and more (the three ways
// transform.ZeroInitWorkgroup initialises them) read zero in every workgroup, although each
// workgroup leaves them dirty for the next.
func TestExecZeroInitArrays(t *testing.T) {
	src := `
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> same: array<u32, 64>;
var<workgroup> fewer: array<u32, 16>;
var<workgroup> more: array<u32, 100>;
var<workgroup> one: u32;

@compute @workgroup_size(8, 8)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wg: vec3u) {
    let seen = same[lid] + fewer[lid % 16u] + more[lid] + more[99u - lid % 36u] + one;
    workgroupBarrier();
    same[lid] = lid + 1u;
    fewer[lid % 16u] = 7u;
    more[lid] = 9u;
    more[99u - lid % 36u] = 11u;
    one = 5u;
    out[wg.x * 64u + lid] = seen;
}
`
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{4, 1, 1}, bindings: []vulkan.Binding{storage(0, le32(make([]uint32, 256)...))}})
	for i, v := range words32(res.Bytes(0, 0)) {
		assert.Zero(t, v, "out[%d]", i)
	}
}
