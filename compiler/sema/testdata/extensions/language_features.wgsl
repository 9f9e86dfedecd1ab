// Language extensions are available without requires (spec "Language Extensions"):
// read/read_write storage textures with textureBarrier, packed 4x8 dot products,
// pointer parameters in other address spaces, pointer composite access, more texel
// formats, linear indexing built-ins, frag_depth modes.

@group(0) @binding(0) var rw_tex: texture_storage_2d<r32float, read_write>;
@group(0) @binding(1) var ro_tex: texture_storage_2d<rgba8unorm, read>;
@group(0) @binding(2) var<storage, read_write> buf: array<u32>;
@group(0) @binding(3) var tier1: texture_storage_2d<rg8unorm, write>;
@group(0) @binding(4) var tier1b: texture_storage_2d<r16float, write>;
@group(0) @binding(5) var tier1c: texture_storage_2d<rgb10a2unorm, write>;
var<workgroup> wg: array<u32, 4>;

fn write_through(p: ptr<storage, array<u32>, read_write>, i: u32) { p[i] = 1u; }
fn read_workgroup(p: ptr<workgroup, array<u32, 4>>) -> u32 { return p[0]; }

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_index) gi: u32, @builtin(workgroup_index) wi: u32, @builtin(local_invocation_id) lid: vec3u) {
	let v = textureLoad(rw_tex, lid.xy);
	textureStore(rw_tex, lid.xy, v * 2.0);
	textureBarrier();
	let c = textureLoad(ro_tex, lid.xy);
	write_through(&buf, gi);
	buf[wi] = dot4U8Packed(buf[0], 0x01010101u) + u32(dot4I8Packed(1u, 2u)) + read_workgroup(&wg);
	textureStore(tier1, lid.xy, c);
	textureStore(tier1b, lid.xy, c);
	textureStore(tier1c, lid.xy, c);
}

@fragment fn depth_less() -> @builtin(frag_depth, less) f32 { return 0.5; }
@fragment fn depth_greater() -> @builtin(frag_depth, greater) f32 { return 0.5; }
@fragment fn depth_bad() -> @builtin(frag_depth, equal) f32 { return 0.5; } // ERROR "unknown depth mode 'equal' (want less or greater)"
@fragment fn mode_on_other(@builtin(position, less) p: vec4f) {} // ERROR "only @builtin(frag_depth) takes a depth mode"
