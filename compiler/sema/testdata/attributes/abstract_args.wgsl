// An attribute's integer argument "resolves to an i32 or u32" (spec "Attributes"): an
// AbstractInt takes i32, so a literal beyond i32's range needs the u suffix. @workgroup_size's
// arguments take their common type, i32 when all are abstract. Tint agrees.

@group(0) @binding(0x7fffffff) var<uniform> ok_binding: vec4f;
@group(0) @binding(0x80000000u) var<uniform> ok_binding_u32: vec4f;
@group(4294967295) @binding(1) var<uniform> group_too_big: vec4f; // ERROR "value 4294967295 does not fit in i32"
@group(0) @binding(2147483648) var<uniform> binding_too_big: vec4f; // ERROR "value 2147483648 does not fit in i32"

struct VOut {
	@builtin(position) p: vec4f,
	@location(2147483648) a: f32, // ERROR "value 2147483648 does not fit in i32"
	@location(0) b: f32,
}
struct Sized { @size(4294967296) a: f32 } // ERROR "value 4294967296 does not fit in i32"

@compute @workgroup_size(4294967295) fn wg_abstract() {} // ERROR "value 4294967295 does not fit in i32"
@compute @workgroup_size(65536u, 65535) fn wg_mixed() {}
