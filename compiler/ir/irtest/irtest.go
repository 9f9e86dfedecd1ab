// Package irtest builds IR modules by hand for the tests of the IR, its transforms and the
// SPIR-V backend, standing in for the lowering of WGSL programs (each function documents
// the WGSL it mirrors). The modules are as the lowering produces them: entry points with
// parameters and results, before any transform.
package irtest

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Sample is a named module builder.
type Sample struct {
	Name  string
	Build func() *ir.Module
}

// Samples lists every sample module.
var Samples = []Sample{
	{"double", Double},
	{"loops", Loops},
	{"switch", Switch},
	{"pointer_params", PointerParams},
	{"atomics", Atomics},
	{"uniform_struct", UniformStruct},
	{"uniform_matrices", UniformMatrices},
	{"workgroup", Workgroup},
	{"override_size", OverrideSize},
	{"vertex_fragment", VertexFragment},
	{"pipeline_io", PipelineIO},
	{"builtins", Builtins},
	{"integer_ops", IntegerOps},
	{"f16", F16},
	{"textures", Textures},
	{"fragment_textures", FragmentTextures},
}

func builtinIO(name string) types.IO {
	io := types.NoIO
	io.Builtin = name
	return io
}

func locationIO(loc int) types.IO {
	io := types.NoIO
	io.Location = loc
	return io
}

func member(name string, t types.Type, io types.IO) *types.Member {
	return &types.Member{Name: name, Type: t, Offset: -1, IO: io}
}

func storageBuffer(m *ir.Module, name string, t types.Type, access types.Access, binding uint32) *ir.Global {
	g := m.NewGlobal(name, types.AddrStorage, access, t)
	g.Binding = &ir.BindingPoint{Group: 0, Binding: binding}
	return g
}

func compute(m *ir.Module, name string, size uint32) (*ir.Func, ir.Value) {
	f := m.NewFunc(name, nil)
	f.Stage = ir.StageCompute
	f.WorkgroupSize = [3]ir.Value{m.ConstU32(size)}
	gid := f.AddParam("gid", types.Vec(3, types.U32), builtinIO("global_invocation_id"))
	return f, gid
}

// Double mirrors:
//
//	@group(0) @binding(0) var<storage, read_write> data: array<f32>;
//	@compute @workgroup_size(64)
//	fn main(@builtin(global_invocation_id) gid: vec3u) {
//	  let i = gid.x;
//	  if (i < arrayLength(&data)) { data[i] = data[i] * 2.0; }
//	}
func Double() *ir.Module {
	m := ir.NewModule()
	data := storageBuffer(m, "data", &types.Array{Elem: types.F32}, types.ReadWrite, 0)
	f, gid := compute(m, "main", 64)
	b := ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	m.SetName(i, "i")
	b.If(b.Lt(i, b.Builtin(builtins.FnArrayLength, data.Value)), nil, func() {
		p := b.Access(data.Value, i)
		b.Store(p, b.Mul(b.Load(p), b.F32(2)))
	}, nil)
	b.Finish()
	return m
}

// Loops mirrors a loop with break, continue and break-if, and a for loop:
//
//	@group(0) @binding(0) var<storage, read_write> out: array<i32, 4>;
//	fn count(n: i32) -> i32 {
//	  var i = 0; var sum = 0;
//	  loop {
//	    if (i >= n) { break; }
//	    i += 1;
//	    if (i % 2 == 0) { continue; }
//	    sum += i;
//	    continuing { break if sum > 100; }
//	  }
//	  for (var j = 0; j < 3; j++) { sum += j; }
//	  return sum;
//	}
//	@compute @workgroup_size(1) fn main(...) { out[gid.x] = count(i32(gid.x) + 10); }
func Loops() *ir.Module {
	m := ir.NewModule()
	out := storageBuffer(m, "out", &types.Array{Elem: types.I32, Count: 4}, types.ReadWrite, 0)
	count := m.NewFunc("count", types.I32)
	n := count.AddParam("n", types.I32, types.NoIO)
	b := ir.NewBuilder(count)
	i := b.Var("i", types.I32, 0)
	sum := b.Var("sum", types.I32, 0)
	b.Loop(func() {
		b.If(b.Ge(b.Load(i), n), nil, func() { b.Break() }, nil)
		b.Store(i, b.Add(b.Load(i), b.I32(1)))
		b.If(b.Eq(b.Rem(b.Load(i), b.I32(2)), b.I32(0)), nil, func() { b.Continue() }, nil)
		b.Store(sum, b.Add(b.Load(sum), b.Load(i)))
	}, func() {
		b.BreakIf(b.Gt(b.Load(sum), b.I32(100)))
	})
	j := b.Var("j", types.I32, 0)
	b.Loop(func() {
		b.If(b.Lt(b.Load(j), b.I32(3)), nil, nil, func() { b.Break() })
		b.Store(sum, b.Add(b.Load(sum), b.Load(j)))
	}, func() {
		b.Store(j, b.Add(b.Load(j), b.I32(1)))
	})
	b.Return(b.Load(sum))

	f, gid := compute(m, "main", 1)
	b = ir.NewBuilder(f)
	x := b.Swizzle(gid, 0)
	r := b.Call(count, b.Add(b.Convert(types.I32, x), b.I32(10)))
	b.Store(b.Access(out.Value, x), r)
	b.Finish()
	return m
}

// Switch mirrors a switch with a default, a case list, results and a continue from a case:
//
//	fn classify(x: u32) -> f32 {
//	  var r = 0.0;
//	  for (var k = 0u; k < 4u; k++) {
//	    switch (x + k) {
//	      case 0u, 1u: { r += 1.0; }
//	      case 2u: { continue; }
//	      case 7u, default: { r += select(2.0, 3.0, k > 1u); }
//	    }
//	  }
//	  return r;
//	}
func Switch() *ir.Module {
	m := ir.NewModule()
	out := storageBuffer(m, "out", &types.Array{Elem: types.F32}, types.ReadWrite, 0)
	fn := m.NewFunc("classify", types.F32)
	x := fn.AddParam("x", types.U32, types.NoIO)
	b := ir.NewBuilder(fn)
	r := b.Var("r", types.F32, 0)
	k := b.Var("k", types.U32, 0)
	b.Loop(func() {
		b.If(b.Lt(b.Load(k), b.U32(4)), nil, nil, func() { b.Break() })
		sw := b.Switch(b.Add(x, b.Load(k)), types.F32)
		b.Case(sw, []ir.Value{b.U32(0), b.U32(1)}, false, func() { b.Break(b.F32(1)) })
		b.Case(sw, []ir.Value{b.U32(2)}, false, func() { b.Continue() })
		b.Case(sw, []ir.Value{b.U32(7)}, true, func() {
			b.Break(b.Select(b.Gt(b.Load(k), b.U32(1)), b.F32(3), b.F32(2)))
		})
		b.Store(r, b.Add(b.Load(r), sw.Results()[0]))
	}, func() {
		b.Store(k, b.Add(b.Load(k), b.U32(1)))
	})
	b.Return(b.Load(r))

	f, gid := compute(m, "main", 1)
	b = ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	b.Store(b.Access(out.Value, i), b.Call(fn, i))
	b.Finish()
	return m
}

// PointerParams mirrors function calls with pointer parameters:
//
//	var<private> total: f32;
//	fn bump(p: ptr<function, i32>, by: i32) { *p = *p + by; }
//	fn accumulate(p: ptr<private, f32>, v: vec2f) -> f32 { *p += v.x * v.y; return *p; }
//	@compute @workgroup_size(1) fn main(...) {
//	  var n = 1; bump(&n, 41); var pair = vec2f(f32(n), 0.5);
//	  out[0] = accumulate(&total, pair);
//	}
func PointerParams() *ir.Module {
	m := ir.NewModule()
	out := storageBuffer(m, "out", &types.Array{Elem: types.F32}, types.ReadWrite, 0)
	total := m.NewGlobal("total", types.AddrPrivate, types.ReadWrite, types.F32)

	bump := m.NewFunc("bump", nil)
	p := bump.AddParam("p", &types.Pointer{Space: types.AddrFunction, Elem: types.I32, Access: types.ReadWrite}, types.NoIO)
	by := bump.AddParam("by", types.I32, types.NoIO)
	b := ir.NewBuilder(bump)
	b.Store(p, b.Add(b.Load(p), by))
	b.Finish()

	acc := m.NewFunc("accumulate", types.F32)
	q := acc.AddParam("p", &types.Pointer{Space: types.AddrPrivate, Elem: types.F32, Access: types.ReadWrite}, types.NoIO)
	v := acc.AddParam("v", types.Vec(2, types.F32), types.NoIO)
	b = ir.NewBuilder(acc)
	b.Store(q, b.Add(b.Load(q), b.Mul(b.Swizzle(v, 0), b.Swizzle(v, 1))))
	b.Return(b.Load(q))

	f, _ := compute(m, "main", 1)
	b = ir.NewBuilder(f)
	nv := b.Var("n", types.I32, b.I32(1))
	b.Call(bump, nv, b.I32(41))
	pair := b.Var("pair", types.Vec(2, types.F32), 0)
	b.Store(pair, b.Construct(types.Vec(2, types.F32), b.Convert(types.F32, b.Load(nv)), b.F32(0.5)))
	b.Store(b.AccessN(out.Value, 0), b.Call(acc, total.Value, b.Load(pair)))
	b.Finish()
	return m
}

// Atomics mirrors every atomic operation on storage and workgroup atomics:
//
//	struct Counters { hits: atomic<u32>, balance: atomic<i32>, flags: atomic<u32> }
//	@group(0) @binding(0) var<storage, read_write> c: Counters;
//	@group(0) @binding(1) var<storage, read_write> out: array<u32>;
//	var<workgroup> local: atomic<u32>;
//	@compute @workgroup_size(64) fn main(...) { ... }
func Atomics() *ir.Module {
	m := ir.NewModule()
	au, ai := &types.Atomic{Elem: types.U32}, &types.Atomic{Elem: types.I32}
	counters := &types.Struct{Name: "Counters", Members: []*types.Member{
		member("hits", au, types.NoIO), member("balance", ai, types.NoIO), member("flags", au, types.NoIO),
	}}
	c := storageBuffer(m, "c", counters, types.ReadWrite, 0)
	out := storageBuffer(m, "out", &types.Array{Elem: types.U32}, types.ReadWrite, 1)
	local := m.NewGlobal("local", types.AddrWorkgroup, types.ReadWrite, au).Value

	f, gid := compute(m, "main", 64)
	b := ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	hits, bal, flags := b.AccessN(c.Value, 0), b.AccessN(c.Value, 1), b.AccessN(c.Value, 2)
	old := b.Builtin(builtins.FnAtomicAdd, hits, b.U32(1))
	b.Builtin(builtins.FnAtomicSub, bal, b.I32(3))
	b.Builtin(builtins.FnAtomicMax, bal, b.Convert(types.I32, i))
	b.Builtin(builtins.FnAtomicMin, hits, b.U32(1000))
	b.Builtin(builtins.FnAtomicOr, flags, b.Shl(b.U32(1), b.And(i, b.U32(31))))
	b.Builtin(builtins.FnAtomicAnd, flags, b.U32(0xffff))
	b.Builtin(builtins.FnAtomicXor, flags, b.U32(1))
	b.Builtin(builtins.FnAtomicExchange, local, i)
	res := b.Builtin(builtins.FnAtomicCompareExchangeWeak, local, i, b.U32(7))
	b.If(b.ExtractN(res, 1), nil, func() {
		b.BuiltinT(builtins.FnAtomicStore, types.VoidType, local, b.U32(9))
	}, nil)
	b.BuiltinT(builtins.FnWorkgroupBarrier, types.VoidType)
	v := b.Add(b.Builtin(builtins.FnAtomicLoad, local), b.Add(old, b.ExtractN(res, 0)))
	b.Store(b.Access(out.Value, i), v)
	b.Finish()
	return m
}

// UniformStruct mirrors a uniform buffer with the layout traps vec3 + f32 and mat3x3:
//
//	struct Params { dir: vec3f, scale: f32, rot: mat3x3f, offsets: array<vec3f, 2> }
//	@group(0) @binding(0) var<uniform> params: Params;
//	@group(0) @binding(1) var<storage, read_write> out: array<vec4f>;
//	@compute @workgroup_size(1) fn main(...) {
//	  let p = params;    // the whole struct, as a value
//	  var copy: Params = p;
//	  out[gid.x] = vec4f(params.rot * params.dir * params.scale + copy.offsets[gid.x % 2u], 1.0);
//	}
func UniformStruct() *ir.Module {
	m := ir.NewModule()
	v3 := types.Vec(3, types.F32)
	params := &types.Struct{Name: "Params", Members: []*types.Member{
		member("dir", v3, types.NoIO), member("scale", types.F32, types.NoIO),
		member("rot", types.Mat(3, 3, types.F32), types.NoIO),
		member("offsets", &types.Array{Elem: v3, Count: 2}, types.NoIO),
	}}
	u := m.NewGlobal("params", types.AddrUniform, types.Read, params)
	u.Binding = &ir.BindingPoint{Group: 0, Binding: 0}
	out := storageBuffer(m, "out", &types.Array{Elem: types.Vec(4, types.F32)}, types.ReadWrite, 1)
	f, gid := compute(m, "main", 1)
	b := ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	whole := b.Load(u.Value)
	cp := b.Var("copy", params, whole)
	rot := b.Load(b.AccessN(u.Value, 2))
	dir := b.Load(b.AccessN(u.Value, 0))
	scale := b.Load(b.AccessN(u.Value, 1))
	off := b.Load(b.Access(cp, b.U32(3), b.Rem(i, b.U32(2))))
	x := b.Add(b.Mul(b.Mul(rot, dir), scale), off)
	b.Store(b.Access(out.Value, i), b.Construct(types.Vec(4, types.F32), x, b.F32(1)))
	b.Finish()
	return m
}

// UniformMatrices mirrors a uniform buffer with matrices of 8-byte columns, which Vulkan's
// uniform layout cannot take as they are:
//
//	struct Inner { m: mat2x2f, v: vec2f }
//	struct U { a: mat2x2f, b: mat3x2f, @align(16) arr: array<mat2x2f, 2>, @align(16) inner: Inner,
//	           @align(16) s: f32 }   // offsets 0, 16, 48, 80, 112; size 128
//	@group(0) @binding(0) var<uniform> u: U;
//	@group(0) @binding(1) var<storage, read_write> out: array<vec2f>;
//	@compute @workgroup_size(1) fn main(...) {
//	  let i = gid.x; let whole = u;
//	  out[i*6u + 0u] = u.a * vec2f(1, 2);
//	  out[i*6u + 1u] = u.b[i];
//	  out[i*6u + 2u] = u.arr[i][1];
//	  out[i*6u + 3u] = whole.inner.m[0] + whole.inner.v;
//	  out[i*6u + 4u] = vec2f(u.arr[1][i].y, u.s);
//	  out[i*6u + 5u] = whole.b * vec3f(1);
//	}
func UniformMatrices() *ir.Module {
	m := ir.NewModule()
	v2 := types.Vec(2, types.F32)
	m2 := types.Mat(2, 2, types.F32)
	inner := &types.Struct{Name: "Inner", Members: []*types.Member{member("m", m2, types.NoIO), member("v", v2, types.NoIO)}}
	aligned := func(mem *types.Member) *types.Member { mem.Align = 16; return mem }
	ut := &types.Struct{Name: "U", Members: []*types.Member{
		member("a", m2, types.NoIO), member("b", types.Mat(3, 2, types.F32), types.NoIO),
		aligned(member("arr", &types.Array{Elem: m2, Count: 2}, types.NoIO)),
		aligned(member("inner", inner, types.NoIO)), aligned(member("s", types.F32, types.NoIO)),
	}}
	u := m.NewGlobal("u", types.AddrUniform, types.Read, ut)
	u.Binding = &ir.BindingPoint{Group: 0, Binding: 0}
	out := storageBuffer(m, "out", &types.Array{Elem: v2}, types.ReadWrite, 1)
	f, gid := compute(m, "main", 1)
	b := ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	whole := b.Load(u.Value)
	put := func(k uint32, v ir.Value) {
		b.Store(b.Access(out.Value, b.Add(b.Mul(i, b.U32(6)), b.U32(k))), v)
	}
	put(0, b.Mul(b.Load(b.AccessN(u.Value, 0)), b.Construct(v2, b.F32(1), b.F32(2))))
	put(1, b.Load(b.Access(u.Value, b.U32(1), i)))
	put(2, b.Load(b.Access(u.Value, b.U32(2), i, b.U32(1))))
	put(3, b.Add(b.ExtractN(whole, 3, 0, 0), b.ExtractN(whole, 3, 1)))
	put(4, b.Construct(v2, b.Load(b.Access(u.Value, b.U32(2), b.U32(1), i, b.U32(1))), b.Load(b.AccessN(u.Value, 4))))
	put(5, b.Mul(b.ExtractN(whole, 1), b.Splat(types.Vec(3, types.F32), b.F32(1))))
	b.Finish()
	return m
}

// Workgroup mirrors workgroup memory with a barrier:
//
//	var<workgroup> tile: array<f32, 64>;
//	var<workgroup> total: f32;
//	@compute @workgroup_size(64)
//	fn main(@builtin(local_invocation_index) li: u32, @builtin(global_invocation_id) gid: vec3u) {
//	  tile[li] = data[gid.x];
//	  workgroupBarrier();
//	  data[gid.x] = tile[(li + 1u) % 64u] + workgroupUniformLoad(&total);
//	}
func Workgroup() *ir.Module {
	m := ir.NewModule()
	data := storageBuffer(m, "data", &types.Array{Elem: types.F32}, types.ReadWrite, 0)
	tile := m.NewGlobal("tile", types.AddrWorkgroup, types.ReadWrite, &types.Array{Elem: types.F32, Count: 64})
	total := m.NewGlobal("total", types.AddrWorkgroup, types.ReadWrite, types.F32)
	f := m.NewFunc("main", nil)
	f.Stage = ir.StageCompute
	f.WorkgroupSize = [3]ir.Value{m.ConstU32(64)}
	li := f.AddParam("li", types.U32, builtinIO("local_invocation_index"))
	gid := f.AddParam("gid", types.Vec(3, types.U32), builtinIO("global_invocation_id"))
	b := ir.NewBuilder(f)
	x := b.Swizzle(gid, 0)
	b.Store(b.Access(tile.Value, li), b.Load(b.Access(data.Value, x)))
	b.BuiltinT(builtins.FnWorkgroupBarrier, types.VoidType)
	n := b.Load(b.Access(tile.Value, b.Rem(b.Add(li, b.U32(1)), b.U32(64))))
	b.Store(b.Access(data.Value, x), b.Add(n, b.Builtin(builtins.FnWorkgroupUniformLoad, total.Value)))
	b.Finish()
	return m
}

// OverrideSize mirrors overrides used as the workgroup size and in arithmetic:
//
//	@id(0) override block: u32 = 64;
//	@id(1) override scale: f32 = 2.0;
//	@id(2) override twice: u32 = block * 2u;   // default depends on another override
//	@compute @workgroup_size(block, 1, 1)
//	fn main(...) { data[gid.x] = data[gid.x] * scale + f32(twice); }
func OverrideSize() *ir.Module {
	m := ir.NewModule()
	block := m.NewOverride("block", types.U32, 0, m.ConstU32(64))
	scale := m.NewOverride("scale", types.F32, 1, m.ConstF32(2))
	eb := m.ExprBuilder()
	twice := m.NewOverride("twice", types.U32, 2, eb.Mul(block.Value, eb.U32(2)))
	twice.FlagID = 3
	data := storageBuffer(m, "data", &types.Array{Elem: types.F32}, types.ReadWrite, 0)
	f, gid := compute(m, "main", 1)
	f.WorkgroupSize[0] = block.Value
	b := ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	p := b.Access(data.Value, i)
	b.Store(p, b.Add(b.Mul(b.Load(p), scale.Value), b.Convert(types.F32, twice.Value)))
	b.Finish()
	return m
}

// VertexFragment mirrors a vertex and a fragment shader in one module:
//
//	struct VOut { @builtin(position) pos: vec4f, @location(0) color: vec3f,
//	              @location(1) @interpolate(flat) id: u32 }
//	@vertex fn vs(@builtin(vertex_index) vi: u32) -> VOut { ... }
//	@fragment fn fs(in: VOut, @builtin(front_facing) ff: bool) -> @location(0) vec4f {
//	  if (in.id == 3u) { discard; }
//	  return vec4f(in.color, select(0.5, 1.0, ff));
//	}
func VertexFragment() *ir.Module {
	m := ir.NewModule()
	v4, v3 := types.Vec(4, types.F32), types.Vec(3, types.F32)
	flat := locationIO(1)
	flat.Interpolate = "flat"
	vout := &types.Struct{Name: "VOut", Members: []*types.Member{
		member("pos", v4, builtinIO("position")), member("color", v3, locationIO(0)), member("id", types.U32, flat),
	}}
	vs := m.NewFunc("vs", vout)
	vs.Stage = ir.StageVertex
	vi := vs.AddParam("vi", types.U32, builtinIO("vertex_index"))
	b := ir.NewBuilder(vs)
	x := b.Sub(b.Convert(types.F32, b.And(vi, b.U32(1))), b.F32(0.5))
	y := b.Sub(b.Convert(types.F32, b.Shr(vi, b.U32(1))), b.F32(0.5))
	pos := b.Construct(v4, x, y, b.F32(0), b.F32(1))
	col := b.Construct(v3, x, y, b.F32(1))
	b.Return(b.Construct(vout, pos, col, vi))

	fs := m.NewFunc("fs", v4)
	fs.Stage = ir.StageFragment
	fs.ResultIO = locationIO(0)
	in := fs.AddParam("in", vout, types.NoIO)
	ff := fs.AddParam("ff", types.Bool, builtinIO("front_facing"))
	b = ir.NewBuilder(fs)
	b.If(b.Eq(b.ExtractN(in, 2), b.U32(3)), nil, func() { b.Discard() }, nil)
	b.Return(b.Construct(v4, b.ExtractN(in, 1), b.Select(ff, b.F32(1), b.F32(0.5))))
	return m
}

// PipelineIO mirrors the less common interface attributes:
//
//	struct VOut { @builtin(position) @invariant pos: vec4f,
//	              @builtin(clip_distances) clip: array<f32, 2>,
//	              @location(0) @interpolate(linear, sample) t: f32 }
//	@vertex fn vs(@builtin(instance_index) ii: u32) -> VOut { ... }
//	struct FOut { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f,
//	              @builtin(frag_depth) depth: f32, @builtin(sample_mask) mask: u32 }
//	fn kill_if(c: bool) { if (c) { discard; } }
//	@fragment fn fs(@location(0) @interpolate(linear, sample) t: f32,
//	                @builtin(sample_index) si: u32, @builtin(sample_mask) mask: u32,
//	                @builtin(position) coord: vec4f) -> FOut {
//	  kill_if(t < 0.0);
//	  let d = dpdx(t) + fwidthFine(t) + dpdyCoarse(coord.x);
//	  return FOut(vec4f(d), vec4f(t), coord.z, mask & (1u << si));
//	}
func PipelineIO() *ir.Module {
	m := ir.NewModule()
	v4 := types.Vec(4, types.F32)
	inv := builtinIO("position")
	inv.Invariant = true
	sampled := locationIO(0)
	sampled.Interpolate, sampled.Sampling = "linear", "sample"
	vout := &types.Struct{Name: "VOut", Members: []*types.Member{
		member("pos", v4, inv), member("clip", &types.Array{Elem: types.F32, Count: 2}, builtinIO("clip_distances")),
		member("t", types.F32, sampled),
	}}
	vs := m.NewFunc("vs", vout)
	vs.Stage = ir.StageVertex
	ii := vs.AddParam("ii", types.U32, builtinIO("instance_index"))
	b := ir.NewBuilder(vs)
	t := b.Convert(types.F32, ii)
	clip := b.Construct(&types.Array{Elem: types.F32, Count: 2}, t, b.Neg(t))
	b.Return(b.Construct(vout, b.Splat(v4, t), clip, t))

	blend := func(src int) types.IO {
		io := locationIO(0)
		io.BlendSrc = src
		return io
	}
	fout := &types.Struct{Name: "FOut", Members: []*types.Member{
		member("a", v4, blend(0)), member("b", v4, blend(1)),
		member("depth", types.F32, builtinIO("frag_depth")), member("mask", types.U32, builtinIO("sample_mask")),
	}}
	kill := m.NewFunc("kill_if", nil)
	c := kill.AddParam("c", types.Bool, types.NoIO)
	b = ir.NewBuilder(kill)
	b.If(c, nil, func() { b.Discard() }, nil)
	b.Finish()

	fs := m.NewFunc("fs", fout)
	fs.Stage = ir.StageFragment
	tin := fs.AddParam("t", types.F32, sampled)
	si := fs.AddParam("si", types.U32, builtinIO("sample_index"))
	mask := fs.AddParam("mask", types.U32, builtinIO("sample_mask"))
	coord := fs.AddParam("coord", v4, builtinIO("position"))
	b = ir.NewBuilder(fs)
	b.Call(kill, b.Lt(tin, b.F32(0)))
	d := b.Add(b.Builtin(builtins.FnDpdx, tin), b.Builtin(builtins.FnFwidthFine, tin))
	d = b.Add(d, b.Builtin(builtins.FnDpdyCoarse, b.Swizzle(coord, 0)))
	b.Return(b.Construct(fout, b.Splat(v4, d), b.Splat(v4, tin), b.Swizzle(coord, 2), b.And(mask, b.Shl(b.U32(1), si))))
	return m
}

// Builtins calls numeric builtins of every family on values loaded from a buffer, and
// stores a combination of the results:
//
//	@group(0) @binding(0) var<storage, read_write> io: array<vec4f>;
func Builtins() *ir.Module {
	m := ir.NewModule()
	v4 := types.Vec(4, types.F32)
	v3 := types.Vec(3, types.F32)
	buf := storageBuffer(m, "io", &types.Array{Elem: v4}, types.ReadWrite, 0)
	f, gid := compute(m, "main", 1)
	b := ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	p := b.Access(buf.Value, i)
	x := b.Load(p)
	s := b.Swizzle(x, 0)
	acc := b.Var("acc", v4, x)
	add := func(v ir.Value) {
		switch b.Module().Type(v) {
		case types.Type(types.F32):
			v = b.Splat(v4, v)
		case types.Type(v3):
			v = b.Construct(v4, v, b.F32(0))
		}
		b.Store(acc, b.Add(b.Load(acc), v))
	}
	for _, fn := range []builtins.Fn{builtins.FnAbs, builtins.FnAcos, builtins.FnAsin, builtins.FnAtan,
		builtins.FnCeil, builtins.FnCos, builtins.FnCosh, builtins.FnDegrees, builtins.FnExp, builtins.FnExp2,
		builtins.FnFloor, builtins.FnFract, builtins.FnInverseSqrt, builtins.FnLog, builtins.FnLog2,
		builtins.FnNormalize, builtins.FnRadians, builtins.FnRound, builtins.FnSaturate, builtins.FnSign,
		builtins.FnSin, builtins.FnSinh, builtins.FnSqrt, builtins.FnTan, builtins.FnTanh, builtins.FnTrunc,
		builtins.FnAcosh, builtins.FnAsinh, builtins.FnAtanh, builtins.FnDpdx} {
		if fn == builtins.FnDpdx {
			continue // fragment only
		}
		add(b.Builtin(fn, x))
	}
	for _, fn := range []builtins.Fn{builtins.FnAtan2, builtins.FnMax, builtins.FnMin, builtins.FnPow,
		builtins.FnStep, builtins.FnReflect} {
		add(b.Builtin(fn, x, b.Swizzle(x, 3, 2, 1, 0)))
	}
	add(b.Builtin(builtins.FnClamp, x, b.Splat(v4, b.F32(0)), b.Splat(v4, b.F32(1))))
	add(b.Builtin(builtins.FnMix, x, b.Splat(v4, b.F32(2)), s))
	add(b.Builtin(builtins.FnSmoothstep, b.Splat(v4, b.F32(0)), b.Splat(v4, b.F32(1)), x))
	add(b.Builtin(builtins.FnFma, x, x, x))
	add(b.Builtin(builtins.FnFaceForward, x, x, x))
	add(b.Builtin(builtins.FnRefract, x, x, s))
	add(b.Builtin(builtins.FnDot, x, x))
	add(b.Builtin(builtins.FnLength, x))
	add(b.Builtin(builtins.FnDistance, x, x))
	xyz := b.Swizzle(x, 0, 1, 2)
	add(b.Builtin(builtins.FnCross, xyz, xyz))
	add(b.Builtin(builtins.FnLdexp, x, b.Splat(types.Vec(4, types.I32), b.I32(2))))
	fr := b.Builtin(builtins.FnFrexp, x)
	add(b.ExtractN(fr, 0))
	add(b.Convert(v4, b.ExtractN(fr, 1)))
	mo := b.Builtin(builtins.FnModf, s)
	add(b.Add(b.ExtractN(mo, 0), b.ExtractN(mo, 1)))
	add(b.Builtin(builtins.FnQuantizeToF16, x))
	mat := b.Construct(types.Mat(3, 3, types.F32), xyz, xyz, b.Swizzle(x, 1, 2, 3))
	add(b.Builtin(builtins.FnDeterminant, mat))
	add(b.Mul(b.Builtin(builtins.FnTranspose, mat), xyz))
	add(b.Mul(xyz, b.Add(mat, mat)))
	add(b.Swizzle(b.Mul(b.Mul(mat, mat), b.Neg(xyz)), 0))
	packed := b.Builtin(builtins.FnPack4x8snorm, x)
	add(b.Builtin(builtins.FnUnpack4x8unorm, b.Builtin(builtins.FnPack4x8unorm, x)))
	add(b.Builtin(builtins.FnUnpack4x8snorm, packed))
	h := b.Builtin(builtins.FnPack2x16float, b.Swizzle(x, 0, 1))
	u := b.Builtin(builtins.FnPack2x16unorm, b.Swizzle(x, 0, 1))
	sn := b.Builtin(builtins.FnPack2x16snorm, b.Swizzle(x, 0, 1))
	add(b.Construct(v4, b.Builtin(builtins.FnUnpack2x16float, h), b.Builtin(builtins.FnUnpack2x16unorm, u)))
	add(b.Construct(v4, b.Builtin(builtins.FnUnpack2x16snorm, sn), b.Bitcast(types.Vec(2, types.F32),
		b.Construct(types.Vec(2, types.U32), packed, h))))
	lt := b.Lt(x, b.Splat(v4, b.F32(0.5)))
	add(b.Select(b.Builtin(builtins.FnAny, lt), b.F32(1), b.F32(0)))
	add(b.Select(b.Builtin(builtins.FnAll, lt), b.Splat(v4, b.F32(1)), x))
	add(b.Select(lt, b.Splat(v4, b.F32(1)), x))
	b.Store(p, b.Load(acc))
	b.Finish()
	return m
}

// IntegerOps exercises integer arithmetic with the semantics the transforms spell out:
// division and remainder, shifts, float→int conversion, bit builtins, packing:
//
//	@group(0) @binding(0) var<storage, read_write> v: array<i32>;
//	@group(0) @binding(1) var<storage, read_write> w: array<u32>;
func IntegerOps() *ir.Module {
	m := ir.NewModule()
	vi := storageBuffer(m, "v", &types.Array{Elem: types.I32}, types.ReadWrite, 0)
	vu := storageBuffer(m, "w", &types.Array{Elem: types.U32}, types.ReadWrite, 1)
	f, gid := compute(m, "main", 1)
	b := ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	a := b.Load(b.Access(vi.Value, i))
	d := b.Load(b.Access(vi.Value, b.Add(i, b.U32(1))))
	u := b.Load(b.Access(vu.Value, i))
	e := b.Load(b.Access(vu.Value, b.Add(i, b.U32(1))))
	ri := b.Add(b.Div(a, d), b.Rem(a, d))
	ri = b.Add(ri, b.Shl(a, e))
	ri = b.Add(ri, b.Shr(a, e))
	ri = b.Add(ri, b.Convert(types.I32, b.Mul(b.Convert(types.F32, a), b.F32(1e10))))
	ri = b.Add(ri, b.Builtin(builtins.FnExtractBits, a, e, u))
	ri = b.Add(ri, b.Builtin(builtins.FnFirstLeadingBit, a))
	ri = b.Add(ri, b.Builtin(builtins.FnAbs, a))
	ri = b.Add(ri, b.Builtin(builtins.FnSign, a))
	ri = b.Add(ri, b.Builtin(builtins.FnDot4I8Packed, u, e))
	vec := b.Builtin(builtins.FnUnpack4xI8, u)
	ri = b.Add(ri, b.Builtin(builtins.FnDot, vec, vec))
	ri = b.Add(ri, b.Swizzle(b.Div(vec, d), 2))
	ri = b.Add(ri, b.Neg(b.Not(a)))
	b.Store(b.Access(vi.Value, i), ri)
	ru := b.Add(b.Div(u, e), b.Rem(u, e))
	ru = b.Add(ru, b.Builtin(builtins.FnCountLeadingZeros, u))
	ru = b.Add(ru, b.Builtin(builtins.FnCountTrailingZeros, u))
	ru = b.Add(ru, b.Builtin(builtins.FnCountOneBits, u))
	ru = b.Add(ru, b.Builtin(builtins.FnReverseBits, u))
	ru = b.Add(ru, b.Builtin(builtins.FnFirstTrailingBit, u))
	ru = b.Add(ru, b.Builtin(builtins.FnInsertBits, u, e, e, u))
	ru = b.Add(ru, b.Convert(types.U32, b.Convert(types.F32, a)))
	ru = b.Add(ru, b.Builtin(builtins.FnPack4xI8Clamp, vec))
	ru = b.Add(ru, b.Builtin(builtins.FnPack4xU8, b.Builtin(builtins.FnUnpack4xU8, u)))
	ru = b.Add(ru, b.Builtin(builtins.FnDot4U8Packed, u, e))
	ru = b.Add(ru, b.Builtin(builtins.FnClamp, u, e, b.U32(100)))
	ru = b.Add(ru, b.Convert(types.U32, b.Lt(u, e)))
	ru = b.Xor(ru, b.Bitcast(types.U32, a))
	b.Store(b.Access(vu.Value, i), ru)
	b.Finish()
	return m
}

// F16 mirrors f16 in a storage buffer, in function memory and in arithmetic:
//
//	enable f16;
//	struct H { a: vec3h, b: f16, m: mat2x2h }
//	@group(0) @binding(0) var<storage, read_write> hs: array<H>;
func F16() *ir.Module {
	m := ir.NewModule()
	v3h := types.Vec(3, types.F16)
	h := &types.Struct{Name: "H", Members: []*types.Member{
		member("a", v3h, types.NoIO), member("b", types.F16, types.NoIO), member("m", types.Mat(2, 2, types.F16), types.NoIO),
	}}
	hs := storageBuffer(m, "hs", &types.Array{Elem: h}, types.ReadWrite, 0)
	f, gid := compute(m, "main", 1)
	b := ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	p := b.Access(hs.Value, i)
	x := b.Var("x", h, b.Load(p))
	a := b.Load(b.AccessN(x, 0))
	s := b.Load(b.AccessN(x, 1))
	a = b.Add(b.Mul(a, s), b.Splat(v3h, b.F16(0.5)))
	a = b.Add(a, b.Convert(v3h, b.Convert(types.Vec(3, types.F32), a)))
	b.Store(b.AccessN(x, 0), a)
	mm := b.Load(b.AccessN(x, 2))
	b.Store(b.AccessN(x, 2), b.Mul(mm, mm))
	b.Store(p, b.Load(x))
	b.Finish()
	return m
}
