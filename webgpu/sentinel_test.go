package webgpu_test

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
	"github.com/wgslgo/wgslgo/internal/vulkan"
	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

// sentinel fills every padding byte before a run: neither shader may change it.
const sentinel = 0xAB

// paddingOf appends to dst the offsets of the padding bytes of a generated type: its blank
// fields (the generated _ [N]byte), in nested structures and arrays too.
func paddingOf(dst []int, t reflect.Type, base int) []int {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Name != "_" {
				dst = paddingOf(dst, f.Type, base+int(f.Offset))
			} else if f.Type.Kind() == reflect.Array {
				for k := range int(f.Type.Size()) {
					dst = append(dst, base+int(f.Offset)+k)
				}
			}
		}
	case reflect.Array:
		for i := range t.Len() {
			dst = paddingOf(dst, t.Elem(), base+i*int(t.Elem().Size()))
		}
	}
	return dst
}

// updateItems is sentinel.wgsl's update in Go.
func updateItems(items []ts.Item) (ts.Items, []ts.Item) {
	out := append([]ts.Item(nil), items...)
	for i := range out {
		it := &out[i]
		for k := range 3 {
			it.Position[k] = it.Position[k]*2 + float32(k+1)
		}
		it.Flags ^= 0xff
		var tr wgsl.Mat3x3f
		for c := range 3 {
			for r := range 3 {
				tr[c].V[r] = it.Transform[r].V[c]
			}
		}
		it.Transform = tr
		it.Scale[0], it.Scale[1] = it.Scale[1], it.Scale[0]
	}
	return ts.Items{Count: uint32(len(items))}, out
}

// TestPaddingSentinel: a shader reads structures with padding (after a vec3's tail, in each
// column of a mat3x3, at the end of the structure, after the header's u32), changes every
// member and writes them back in place. The values come back as Go computes them, and every
// padding byte keeps the sentinel, through wgpu and through the Vulkan harness alike.
func TestPaddingSentinel(t *testing.T) {
	g := gputest.Require(t)
	sh := &ts.SentinelShader
	items := make([]ts.Item, 13) // not a multiple of the workgroup size
	for i := range items {
		f := float32(i)
		items[i] = ts.Item{
			Position:  wgsl.Vec3f{f, -f, 0.5 * f},
			Flags:     uint32(i) * 0x01010101,
			Transform: wgsl.Mat3x3fColumnMajor([9]float32{1, 2, 3, 4, 5, 6, 7, 8, f}),
			Scale:     wgsl.Vec2f{f + 0.25, -f},
		}
	}
	input := ts.AppendItems(nil, &ts.Items{Count: 99}, items)
	pad := paddingOf(nil, reflect.TypeFor[ts.Items](), 0)
	for i := range items {
		pad = paddingOf(pad, reflect.TypeFor[ts.Item](), ts.ItemsItemsOffset+i*ts.ItemsItemsStride)
	}
	require.Len(t, pad, 12+len(items)*(3*4+8), "the padding the generated types declare")
	for _, off := range pad {
		input[off] = sentinel
	}

	m, err := webgpu.NewModule(g.Device, &sh.Shader, nil)
	require.NoError(t, err)
	defer m.Release()
	pipe, err := m.NewComputePipeline(g.Device, sh.Update())
	require.NoError(t, err)
	defer pipe.Release()
	buf, err := webgpu.NewBuffer(g.Device, "items", wgpu.BufferUsageStorage|wgpu.BufferUsageCopySrc, input)
	require.NoError(t, err)
	defer buf.Release()
	bg, err := m.NewBindGroup(g.Device, 0, webgpu.Buffer(sh.Data(), buf))
	require.NoError(t, err)
	defer bg.Release()
	size, err := m.WorkgroupSize(sh.Update())
	require.NoError(t, err)
	groups := wgsl.WorkgroupCount(size, [3]uint32{uint32(len(items)), 1, 1})
	require.NoError(t, dispatch(g, pipe, groups, []*wgpu.BindGroup{bg}, nil))
	out, err := webgpu.ReadBuffer(g.Device, buf, 0, uint64(len(input)))
	require.NoError(t, err)

	// The values, member by member (Decode reads no padding).
	wantHeader, want := updateItems(items)
	var gotHeader ts.Items
	gotHeader.Decode(out)
	got := make([]ts.Item, len(items))
	for i := range got {
		got[i].Decode(out[ts.ItemsItemsOffset+i*ts.ItemsItemsStride:])
	}
	assert.Equal(t, wantHeader, gotHeader)
	assert.Equal(t, want, got)
	assert.Empty(t, lostSentinels(out, pad), "wgpu")

	vk := vulkan.Require(t)
	res, err := vk.Dispatch(vulkan.Run{SPIRV: sh.Words(), Entry: sh.Update().Name, Groups: groups,
		Bindings: []vulkan.Binding{vulkanBinding(t, sh.Data(), bytes.Clone(input))}})
	require.NoError(t, err)
	vkOut := res.Bytes(sh.Data().Group, sh.Data().Binding)
	assert.Empty(t, lostSentinels(vkOut, pad), "Vulkan")
	assert.Equal(t, vkOut, out, "wgpu (naga's compilation of the WGSL) and Vulkan (the project's SPIR-V) disagree")
}

// lostSentinels lists the padding bytes of b that no longer hold the sentinel.
func lostSentinels(b []byte, pad []int) []string {
	var lost []string
	for _, off := range pad {
		if b[off] != sentinel {
			lost = append(lost, fmt.Sprintf("byte %d is %#02x", off, b[off]))
		}
	}
	return lost
}
