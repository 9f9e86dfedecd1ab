// Texture queries, loads and stores (spec "textureDimensions", "textureLoad",
// "textureStore", "textureNumLayers", "textureNumLevels", "textureNumSamples").

@group(0) @binding(0) var t1d: texture_1d<f32>;
@group(0) @binding(1) var t2d: texture_2d<f32>;
@group(0) @binding(2) var t2da: texture_2d_array<u32>;
@group(0) @binding(3) var t3d: texture_3d<i32>;
@group(0) @binding(4) var tms: texture_multisampled_2d<f32>;
@group(0) @binding(5) var td: texture_depth_2d;
@group(0) @binding(6) var text: texture_external;
@group(0) @binding(7) var sw: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(8) var sr: texture_storage_2d<r32uint, read>;
@group(0) @binding(9) var srw: texture_storage_2d_array<r32sint, read_write>;
@group(0) @binding(10) var tcube: texture_cube<f32>;

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_id) id: vec3u) {
	let d1: u32 = textureDimensions(t1d);
	let d2: vec2u = textureDimensions(t2d, 1);
	let d3: vec3u = textureDimensions(t3d, 0u);
	let dms: vec2u = textureDimensions(tms) + textureDimensions(sw) + textureDimensions(text);
	let layers: u32 = textureNumLayers(t2da) + textureNumLayers(srw);
	let levels: u32 = textureNumLevels(t2d) + textureNumLevels(td);
	let samples: u32 = textureNumSamples(tms);
	let a: vec4f = textureLoad(t1d, 1, 0) + textureLoad(t2d, id.xy, 0) + textureLoad(tms, vec2i(), 3);
	let b: vec4u = textureLoad(t2da, id.xy, 1, 0) + textureLoad(sr, id.xy);
	let c: vec4i = textureLoad(t3d, id, 0) + textureLoad(srw, id.xy, 0);
	let e: f32 = textureLoad(td, id.xy, 0);
	let g: vec4f = textureLoad(text, id.xy);
	textureStore(sw, id.xy, vec4f(1.0));
	textureStore(srw, vec2i(), 1, vec4i(2));
	_ = d1; _ = d2; _ = d3; _ = dms; _ = layers; _ = levels; _ = samples; _ = a; _ = b; _ = c; _ = e; _ = g;

	let load_write_only = textureLoad(sw, id.xy); // ERROR "no matching overload for textureLoad(texture_storage_2d<rgba8unorm, write>, vec2<u32>)"
	textureStore(sr, id.xy, vec4u()); // ERROR "no matching overload for textureStore(texture_storage_2d<r32uint, read>, vec2<u32>, vec4<u32>)"
	textureStore(sw, id.xy, vec4i()); // ERROR "no matching overload for textureStore(texture_storage_2d<rgba8unorm, write>, vec2<u32>, vec4<i32>)"
	let load_no_level = textureLoad(t2d, id.xy); // ERROR "no matching overload for textureLoad(texture_2d<f32>, vec2<u32>)"
	let load_float_coords = textureLoad(t2d, vec2f(), 0); // ERROR "no matching overload for textureLoad(texture_2d<f32>, vec2<f32>, AbstractInt)"
	let load_cube = textureLoad(tcube, id, 0); // ERROR "no matching overload for textureLoad(texture_cube<f32>, vec3<u32>, AbstractInt)"
	let samples_2d = textureNumSamples(t2d); // ERROR "no matching overload for textureNumSamples(texture_2d<f32>)"
	let layers_2d = textureNumLayers(t2d); // ERROR "no matching overload for textureNumLayers(texture_2d<f32>)"
	let levels_storage = textureNumLevels(sw); // ERROR "no matching overload for textureNumLevels(texture_storage_2d<rgba8unorm, write>)"
	let dims_level_ms = textureDimensions(tms, 0); // ERROR "no matching overload for textureDimensions(texture_multisampled_2d<f32>, AbstractInt)"
	let dims_level_storage = textureDimensions(sw, 0); // ERROR "no matching overload for textureDimensions(texture_storage_2d<rgba8unorm, write>, AbstractInt)"
	textureDimensions(t2d); // ERROR "the result of builtin 'textureDimensions' must be used"
}
