// Data packing and unpacking built-ins (spec "Data Packing Built-in Functions", "Data
// Unpacking Built-in Functions").

fn f(v4: vec4f, v2: vec2f, u: u32, i4: vec4i, u4: vec4u) -> u32 {
	let p: u32 = pack4x8snorm(v4) ^ pack4x8unorm(v4) ^ pack2x16snorm(v2) ^ pack2x16unorm(v2) ^ pack2x16float(v2);
	let q: u32 = pack4xI8(i4) ^ pack4xU8(u4) ^ pack4xI8Clamp(i4) ^ pack4xU8Clamp(u4);
	let a: vec4f = unpack4x8snorm(u) + unpack4x8unorm(u);
	let b: vec2f = unpack2x16snorm(u) + unpack2x16unorm(u) + unpack2x16float(u);
	let c: vec4i = unpack4xI8(u);
	let d: vec4u = unpack4xU8(u);
	let e: u32 = pack4x8snorm(vec4(1.0, 0.5, 0.0, -1.0));
	_ = a; _ = b; _ = c; _ = d;
	let wrong_unpack = unpack2x16float(i4.x); // ERROR "no matching overload for unpack2x16float(i32)"
	let wrong_pack = pack4xI8(u4); // ERROR "no matching overload for pack4xI8(vec4<u32>)"
	return p ^ q ^ e;
}
