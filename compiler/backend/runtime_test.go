package backend_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// runtimeSizedSrc has buffers whose store type is a structure ending in a runtime-sized
// array (one read-only, one read_write, of the same type) and one that is a runtime-sized
// array itself.
const runtimeSizedSrc = `
struct Bag { count: u32, items: array<vec2<u32>> }
@group(0) @binding(0) var<storage, read> bag_in: Bag;
@group(0) @binding(1) var<storage, read_write> bag_out: Bag;
@group(0) @binding(2) var<storage, read_write> lens: array<u32>;
@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  if (i == 0u) {
    bag_out.count = bag_in.count + 100u;
    lens[0] = arrayLength(&bag_in.items);
    lens[1] = arrayLength(&bag_out.items);
    lens[2] = arrayLength(&lens);
  }
  if (i < arrayLength(&bag_out.items)) {
    bag_out.items[i] = bag_in.items[i] * 3u;
  }
}
`

// Vulkan allows a runtime-sized array only as the last member of the Block structure itself
// (VUID-StandaloneSpirv-OpTypeRuntimeArray-04680; lavapipe refuses the pipeline otherwise):
// a structure that ends in one is its buffer's Block, not wrapped in another.
func TestRuntimeSizedStructIsBlock(t *testing.T) {
	for _, target := range backend.Targets {
		words, err := emitWGSL(t, runtimeSizedSrc, target, transform.Options{})
		require.NoError(t, err)
		m := parse(t, words)
		runtimeArrays := map[spirv.ID]bool{}
		for _, in := range m.Find(spirv.OpTypeRuntimeArray) {
			runtimeArrays[in.Result()] = true
		}
		for _, in := range m.Find(spirv.OpTypeStruct) {
			st := in.Result()
			for i, member := range in.Words[2:] {
				if !runtimeArrays[member] {
					continue
				}
				assert.Equal(t, len(in.Words)-3, i, "%v: %s has a runtime-sized array before its last member", target, m.Name(st))
				_, block := m.Decoration(st, spirv.DecorationBlock)
				assert.True(t, block, "%v: %s holds a runtime-sized array but is not a Block", target, m.Name(st))
			}
		}
		bag := m.Lookup("Bag")
		require.NotZero(t, bag)
		blocks := 0
		for _, d := range m.Decorations(bag) {
			if d.Decoration == spirv.DecorationBlock {
				blocks++
			}
		}
		assert.Equal(t, 1, blocks, "%v: Bag is decorated Block once for its two buffers", target)
		_, ro := m.Decoration(m.Lookup("bag_in"), spirv.DecorationNonWritable)
		assert.True(t, ro, "%v: the read-only buffer is NonWritable", target)
		_, rw := m.Decoration(m.Lookup("bag_out"), spirv.DecorationNonWritable)
		assert.False(t, rw, "%v: the read_write buffer is writable", target)
	}
}

func TestExecRuntimeSizedStruct(t *testing.T) {
	in := []uint32{7, 0}
	for i := range uint32(10) {
		in = append(in, i, 10*i)
	}
	res := runWGSL(t, wgslRun{src: runtimeSizedSrc, groups: [3]uint32{2, 1, 1}, bindings: []vulkan.Binding{
		{Binding: 0, Kind: vulkan.ReadOnlyStorageBuffer, Data: le32(in...)},
		storage(1, make([]byte, 4*len(in))),
		storage(2, make([]byte, 16)),
	}})
	out := words32(res.Bytes(0, 1))
	assert.Equal(t, uint32(107), out[0])
	for i := range uint32(10) {
		assert.Equal(t, []uint32{3 * i, 30 * i}, out[2+2*i:4+2*i], "item %d", i)
	}
	assert.Equal(t, []uint32{10, 10, 4, 0}, words32(res.Bytes(0, 2)), "arrayLength of each buffer")
}
