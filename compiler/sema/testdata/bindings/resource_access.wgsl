// Address-space restrictions on which stages may statically access variables:
// workgroup variables only in compute shaders, read_write storage buffers and writable
// storage textures not in vertex shaders (spec "Address Spaces").

var<workgroup> wg: u32;
@group(0) @binding(0) var<storage, read_write> rw: u32;
@group(0) @binding(1) var<storage> ro: u32;
@group(0) @binding(2) var st_w: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(3) var st_r: texture_storage_2d<rgba8unorm, read>;

@compute @workgroup_size(1) fn compute_ok() { wg = rw + ro; textureStore(st_w, vec2u(), vec4f()); }
@fragment fn fragment_ok() { rw = ro; textureStore(st_w, vec2u(), textureLoad(st_r, vec2u())); }
@vertex fn vertex_ok() -> @builtin(position) vec4f { return vec4(f32(ro)) + textureLoad(st_r, vec2u()); }

@fragment fn fragment_workgroup() { _ = wg; } // ERROR "fragment entry point 'fragment_workgroup' uses workgroup variable 'wg' (workgroup memory exists only in compute shaders)"
@vertex fn vertex_workgroup() -> @builtin(position) vec4f { wg = 1u; return vec4f(); } // ERROR "vertex entry point 'vertex_workgroup' uses workgroup variable 'wg' (workgroup memory exists only in compute shaders)"
@vertex fn vertex_read_write() -> @builtin(position) vec4f { return vec4(f32(rw)); } // ERROR "vertex entry point 'vertex_read_write' uses read_write storage buffer 'rw'; vertex shaders may only read storage buffers"
@vertex fn vertex_storage_texture() -> @builtin(position) vec4f { textureStore(st_w, vec2u(), vec4f()); return vec4f(); } // ERROR "vertex entry point 'vertex_storage_texture' uses writable storage texture 'st_w'"
fn touches_workgroup() -> u32 { return wg; } @fragment fn fragment_workgroup_indirect() { _ = touches_workgroup(); } // ERROR "fragment entry point 'fragment_workgroup_indirect' uses workgroup variable 'wg' (workgroup memory exists only in compute shaders)"
