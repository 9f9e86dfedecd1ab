package interp_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/interp"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// TestRunErrors: what a run cannot do ends with an error at the WGSL position of its cause,
// never a panic, a hang or a wrong answer.
func TestRunErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		opts      compiler.Options
		dispatch  interp.Dispatch
		want      string // the error, "file:line:col: error: message" in part
		unsup     bool
	}{
		{name: "endless loop", src: `
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() {
  var i = 0u;
  loop { i += 1u; if i == 0u { break; } }
  o[0] = i;
}`, dispatch: interp.Dispatch{Limits: interp.Limits{MaxSteps: 10000}},
			want: "test.wgsl:5:3: error: the run has taken 10000 steps, its budget (Limits.MaxSteps), in this loop: does it end?"},
		{name: "index out of bounds without robustness", src: `
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() {
  let i = arrayLength(&o) + 2u;
  o[i] = 1u;
}`, opts: compiler.Options{NoRobustness: true},
			want: "test.wgsl:5:3: error: index 6 is out of bounds of the runtime-sized array<u32>, which holds 4 elements,"},
		{name: "function array out of bounds without robustness", src: `
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() {
  var a = array<u32, 3>(1u, 2u, 3u);
  o[0] = a[o[1] + 3u];
}`, opts: compiler.Options{NoRobustness: true},
			want: "error: index 3 is out of bounds of array<u32, 3>"},
		{name: "different barriers", src: `
@group(0) @binding(0) var<uniform> n: u32;
@group(0) @binding(1) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  if n == 0u { storageBarrier(); } else { storageBarrier(); }
  o[i] = i;
}`, dispatch: interp.Dispatch{Buffers: map[interp.BindingPoint][]byte{{Binding: 0}: u32s(0)}},
			want: ""}, // the same barrier for every invocation: n is uniform
		{name: "memory budget", src: `
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
  var big: array<u32, 65536>;
  big[i] = i;
  workgroupBarrier();
  o[0] = big[i];
}`, dispatch: interp.Dispatch{Limits: interp.Limits{MaxMemory: 1 << 20}},
			want: "for each of 64 invocations alive at once), more than its budget of 1048576 (Limits.MaxMemory)"},
		{name: "too many workgroups", src: `
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() { o[0] = 1u; }`,
			dispatch: interp.Dispatch{Groups: [3]uint32{70000, 1, 1}},
			want:     "Dispatch.Groups[0] is 70000; want 1 to 65535"},
		{name: "small buffer", src: `
struct S { a: vec4f, b: array<f32> }
@group(0) @binding(0) var<storage, read_write> o: S;
@compute @workgroup_size(1) fn main() { o.b[0] = 1.0; }`,
			dispatch: interp.Dispatch{Buffers: map[interp.BindingPoint][]byte{{Binding: 0}: make([]byte, 16)}},
			want:     "@group(0) @binding(0) var<storage> o: the buffer has 16 bytes, fewer than the 32 of its minimum binding size"},
		{name: "unbound buffer", src: `
@group(0) @binding(3) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() { o[0] = 1u; }`,
			dispatch: interp.Dispatch{Buffers: map[interp.BindingPoint][]byte{}},
			want:     "@group(0) @binding(3) var<storage> o: no buffer is bound"},
		{name: "subgroups", src: `
enable subgroups;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) { o[i] = subgroupAdd(i); }`,
			want: "test.wgsl:4:87: error: subgroupAdd is a subgroup operation, which the interpreter does not run yet", unsup: true},
		{name: "not compute", src: `
@vertex fn main() -> @builtin(position) vec4f { return vec4f(0.0); }`,
			want: "main is a vertex entry point; the interpreter runs compute entry points"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := interp.Compile(compiler.Source{Name: "test.wgsl", Text: []byte(tc.src)}, tc.opts)
			require.NoError(t, err)
			d := tc.dispatch
			d.Entry = "main"
			if d.Groups == ([3]uint32{}) {
				d.Groups = [3]uint32{1, 1, 1}
			}
			if d.Buffers == nil {
				d.Buffers = map[interp.BindingPoint][]byte{}
			}
			for _, b := range []interp.BindingPoint{{Binding: 0}, {Binding: 1}} {
				if _, ok := d.Buffers[b]; !ok && !strings.Contains(tc.name, "unbound") {
					d.Buffers[b] = make([]byte, 16)
				}
			}
			err = p.Dispatch(d)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			var ie *interp.Error
			if errors.As(err, &ie) {
				assert.Equal(t, tc.unsup, ie.Unsupported)
			}
		})
	}
}

// TestDivergentBarriers: invocations of a workgroup that do not all reach the same barrier
// are an error. The uniformity analysis keeps WGSL from it; modules built by hand can.
func TestDivergentBarriers(t *testing.T) {
	build := func(otherBarrier bool) *ir.Module {
		m := ir.NewModule()
		o := m.NewGlobal("o", types.AddrStorage, types.ReadWrite, &types.Array{Elem: types.U32})
		o.Binding = &ir.BindingPoint{}
		f := m.NewFunc("main", nil)
		f.Stage = ir.StageCompute
		f.WorkgroupSize = [3]ir.Value{m.ConstU32(4)}
		id := f.AddParam("id", types.Vec(3, types.U32), types.IO{Builtin: "local_invocation_id", Location: -1, BlendSrc: -1})
		b := ir.NewBuilder(f)
		x := b.Swizzle(id, 0)
		var other func()
		if otherBarrier {
			other = func() { b.BuiltinT(builtins.FnStorageBarrier, types.VoidType) }
		}
		b.If(b.Lt(x, b.U32(2)), nil, func() { b.BuiltinT(builtins.FnWorkgroupBarrier, types.VoidType) }, other)
		b.Store(b.Access(o.Value, x), x)
		b.Finish()
		require.NoError(t, transform.ForSPIRV(m, transform.Options{}))
		return m
	}
	for _, tc := range []struct {
		other bool
		want  string
	}{
		{false, "2 of the workgroup's 4 invocations wait at this barrier, the others have returned"},
		{true, "invocations of one workgroup wait at different barriers: invocation [0 0 0] at ?, invocation [2 0 0] at ?"},
	} {
		p, err := interp.New(build(tc.other), layout.New(layout.Options{}), nil, interp.Options{})
		require.NoError(t, err)
		err = p.Dispatch(interp.Dispatch{Entry: "main", Groups: [3]uint32{1, 1, 1},
			Buffers: map[interp.BindingPoint][]byte{{}: make([]byte, 16)}})
		require.Error(t, err)
		assert.Contains(t, err.Error(), tc.want)
	}
}

// TestOtherStages: a module's vertex and fragment entry points, and the pipeline inputs and
// outputs they use, do not keep its compute entry point from running.
func TestOtherStages(t *testing.T) {
	p := compile(t, `
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f { return vec4f(f32(i)); }
@fragment fn fs(@location(0) c: vec4f) -> @location(0) vec4f { return c; }
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) { o[i] = i + 1u; }`)
	o := make([]byte, 8)
	require.NoError(t, p.Dispatch(interp.Dispatch{Entry: "main", Groups: [3]uint32{1, 1, 1},
		Buffers: map[interp.BindingPoint][]byte{{}: o}}))
	assert.Equal(t, u32s(1, 2), o)
}
