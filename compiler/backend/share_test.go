package backend_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// A structure in a storage buffer, in a uniform buffer and in function, private and
// workgroup memory, copied between all of them, and an array of a storage buffer copied
// through a function variable.
const sharedLayoutSrc = `
struct S {
    a: vec3f,
    b: f32,
    c: array<vec4f, 2>,
    d: u32,
}
struct U { s: S, k: array<vec4f, 1> }

@group(0) @binding(0) var<storage, read_write> buf: array<S, 4>;
@group(0) @binding(1) var<uniform> uni: U;
@group(0) @binding(2) var<storage, read_write> arr: array<f32, 3>;
var<private> pv: S;
var<workgroup> wg: S;

fn twice(s: S) -> S {
    var t = s;
    t.a *= 2.0;
    t.c[1].x += t.b;
    return t;
}

@compute @workgroup_size(1)
fn main() {
    pv = buf[0];
    wg = uni.s;
    var local = twice(pv);
    local.d += wg.d;
    buf[1] = local;
    buf[2] = twice(wg);
    var k = arr;
    k[0] += uni.k[0].y;
    arr = k;
}
`

func TestSharedLayoutTypes(t *testing.T) {
	for _, target := range backend.Targets {
		words := compileWGSL(t, sharedLayoutSrc, target, target, transform.Options{})
		m := parse(t, words)
		dec, plain := structNamed(m, "S")
		if target.Version() < spirv.Version1_4 {
			// Function, private and workgroup memory use the buffers' type.
			assert.Len(t, dec, 1, "%v: decorated S", target)
			assert.Empty(t, plain, "%v: plain S", target)
			assert.Empty(t, m.Find(spirv.OpCopyLogical))
		} else {
			assert.Len(t, dec, 1, "%v: decorated S", target)
			assert.Len(t, plain, 1, "%v: plain S", target)
		}
	}

	dev := vulkan.Require(t)
	fl := func(vs ...float32) []byte { return f32le(vs...) }
	// S: a at 0, b at 12, c at 16 (stride 16), d at 48; 64 bytes.
	s430 := func(a [3]float32, b float32, c [8]float32, d uint32) []byte {
		return append(append(fl(a[0], a[1], a[2], b), fl(c[:]...)...), le32(d, 0, 0, 0)...)
	}
	var bufData []byte
	bufData = append(bufData, s430([3]float32{1, 2, 3}, 4, [8]float32{5, 6, 7, 8, 9, 10, 11, 12}, 13)...)
	bufData = append(bufData, make([]byte, 3*64)...)
	uniData := s430([3]float32{10, 20, 30}, 40, [8]float32{50, 51, 52, 53, 60, 61, 62, 63}, 70)
	uniData = append(uniData, fl(1, 2, 3, 4)...)
	want := append([]byte(nil), bufData[:64]...)
	want = append(want, s430([3]float32{2, 4, 6}, 4, [8]float32{5, 6, 7, 8, 13, 10, 11, 12}, 83)...)
	want = append(want, s430([3]float32{20, 40, 60}, 40, [8]float32{50, 51, 52, 53, 100, 61, 62, 63}, 70)...)
	want = append(want, make([]byte, 64)...)
	for _, target := range backend.Targets {
		if !deviceRuns(dev, target) {
			continue
		}
		t.Run(target.String(), func(t *testing.T) {
			words, m := compileWGSLModule(t, sharedLayoutSrc, target, target, transform.Options{})
			r := wgslRun{bindings: []vulkan.Binding{
				storage(0, bufData),
				{Group: 0, Binding: 1, Kind: vulkan.UniformBuffer, Data: uniData},
				storage(2, fl(100, 200, 300)),
			}}
			res := dispatchWords(t, dev, words, r)
			interpcheck.Compare(t, m, runOf(words, r), res)
			require.Equal(t, want, res.Bytes(0, 0))
			assert.Equal(t, fl(102, 200, 300), res.Bytes(0, 2))
		})
	}
}
