// Storage texture access modes: write, read and read_write (the latter two with the
// readonly_and_readwrite_storage_textures language extension); textureLoad on read
// and read_write, textureStore on write and read_write (spec "Storage Texture Types").

@group(0) @binding(0) var w: texture_storage_1d<r32float, write>;
@group(0) @binding(1) var r: texture_storage_2d_array<rgba8unorm, read>;
@group(0) @binding(2) var rw: texture_storage_3d<r32uint, read_write>;

@compute @workgroup_size(1)
fn main() {
	textureStore(w, 0, vec4f());
	let a: vec4f = textureLoad(r, vec2i(), 0);
	let b: vec4u = textureLoad(rw, vec3u());
	textureStore(rw, vec3i(), b);
	let d1: u32 = textureDimensions(w);
	let d2: vec2u = textureDimensions(r);
	let d3: vec3u = textureDimensions(rw);
	let layers: u32 = textureNumLayers(r);
	_ = a; _ = d1; _ = d2; _ = d3; _ = layers;
	let load_write = textureLoad(w, 0); // ERROR "no matching overload for textureLoad(texture_storage_1d<r32float, write>, AbstractInt)"
	textureStore(r, vec2i(), 0, vec4f()); // ERROR "no matching overload for textureStore(texture_storage_2d_array<rgba8unorm, read>, vec2<i32>, AbstractInt, vec4<f32>)"
	let wrong_coords = textureLoad(rw, vec2u()); // ERROR "no matching overload for textureLoad(texture_storage_3d<r32uint, read_write>, vec2<u32>)"
	let wrong_layer = textureLoad(r, vec2i(), 0.5); // ERROR "no matching overload for textureLoad(texture_storage_2d_array<rgba8unorm, read>, vec2<i32>, AbstractFloat)"
}
