// With subgroups enabled: built-in values in compute and fragment shaders, subgroup
// and quad functions, const-expression ids, uniformity (spec "Subgroup Built-in
// Functions", "Quad Built-in Functions", "subgroup_uniformity").
enable subgroups;
enable f16;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(subgroup_invocation_id) sid: u32, @builtin(subgroup_size) size: u32, @builtin(local_invocation_index) lid: u32) {
	let a: u32 = subgroupAdd(sid) + subgroupMul(1u) + subgroupMax(sid) + subgroupMin(sid);
	let b: vec4u = subgroupBallot(sid == 0u);
	let c: bool = subgroupAll(true) && subgroupAny(false) && subgroupElect();
	let d: f32 = subgroupBroadcast(1.0, 3u) + subgroupBroadcastFirst(2.0) + subgroupShuffle(1.0, sid);
	let e: vec2h = subgroupExclusiveAdd(vec2h(1)) + subgroupInclusiveMul(vec2h(2));
	let f: i32 = subgroupAnd(1i) | subgroupOr(2i) | subgroupXor(3i);
	let g: u32 = subgroupShuffleUp(sid, 1u) + subgroupShuffleDown(sid, 127u) + subgroupShuffleXor(sid, 127u) + subgroupShuffle(sid, 127u);
	out[lid] = a + b.x + u32(c) + u32(d) + u32(e.x) + u32(f) + g + size;

	let runtime_broadcast_id = subgroupBroadcast(1.0, sid); // ERROR "argument 'id' of subgroupBroadcast must be a const-expression"
	let broadcast_id_range = subgroupBroadcast(1.0, 128u); // ERROR "subgroupBroadcast: id must be in [0, 128), not 128"
	let shuffle_id_range = subgroupShuffle(1.0, 128u); // ERROR "subgroupShuffle: id must be in [0, 128), not 128"
	let shuffle_negative_id = subgroupShuffle(1.0, -1i); // ERROR "subgroupShuffle: id must be in [0, 128), not -1"
	let shuffle_delta_range = subgroupShuffleUp(sid, 128u); // ERROR "subgroupShuffleUp: delta must be at most 127, not 128"
	let shuffle_mask_range = subgroupShuffleXor(sid, 200u); // ERROR "subgroupShuffleXor: mask must be at most 127, not 200"
	let bool_add = subgroupAdd(true); // ERROR "no matching overload for subgroupAdd(bool)"
	let float_and = subgroupAnd(1.0); // ERROR "no matching overload for subgroupAnd(AbstractFloat)"
	if lid > 3u { _ = subgroupAdd(1u); } // ERROR "'subgroupAdd' must only be called from subgroup uniform control flow"
}

@fragment
fn fs(@builtin(subgroup_size) size: u32, @location(0) x: f32) -> @location(0) vec4f {
	let q: f32 = quadBroadcast(x, 1u) + quadSwapX(x) + quadSwapY(x) + quadSwapDiagonal(x);
	let quad_id_range = quadBroadcast(x, 4u); // ERROR "quadBroadcast: id must be in [0, 4), not 4"
	return vec4(q + f32(size));
}

@vertex fn vs_subgroup() -> @builtin(position) vec4f { return vec4(f32(subgroupAdd(1u))); } // ERROR "subgroupAdd cannot be used in a vertex shader (only in fragment and compute)"
@vertex fn vs_size(@builtin(subgroup_size) s: u32) -> @builtin(position) vec4f { return vec4f(); } // ERROR "@builtin(subgroup_size) cannot be a vertex input"
