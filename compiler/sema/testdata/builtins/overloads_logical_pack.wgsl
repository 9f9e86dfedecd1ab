// Logical, select, packing and integer-dot built-ins (spec "Logical Built-in
// Functions", "Data Packing Built-in Functions", "Bit Reinterpretation").

fn f(b: bool, bv: vec3<bool>, i: i32, u: u32, v4: vec4f, v2: vec2f, x: f32) {
	let a: bool = all(bv) && any(bv) && all(b) && any(b);
	let c: vec3<bool> = select(bv, bv, b);
	let d: f32 = select(x, 1, b);
	let e: u32 = pack4x8snorm(v4) + pack4x8unorm(v4) + pack2x16snorm(v2) + pack2x16unorm(v2) + pack2x16float(v2);
	let g: vec4f = unpack4x8snorm(u) + unpack4x8unorm(u);
	let h: vec2f = unpack2x16snorm(u) + unpack2x16unorm(u) + unpack2x16float(u);
	let k: u32 = dot4U8Packed(u, u) + pack4xU8(vec4u()) + pack4xI8(vec4i()) + pack4xI8Clamp(vec4i()) + pack4xU8Clamp(vec4u());
	let l: i32 = dot4I8Packed(u, u);
	let m: vec4i = unpack4xI8(u);
	let n: vec4u = unpack4xU8(u);
	_ = a; _ = c; _ = d; _ = e; _ = g; _ = h; _ = k; _ = l; _ = m; _ = n;

	let all_int = all(i); // ERROR "no matching overload for all(i32)"
	let any_vecf = any(v2); // ERROR "no matching overload for any(vec2<f32>)"
	let select_mismatch = select(i, u, b); // ERROR "no matching overload for select(i32, u32, bool)"
	let select_cond_int = select(i, i, 1); // ERROR "no matching overload for select(i32, i32, AbstractInt)"
	let select_vec_cond_size = select(v2, v2, bv); // ERROR "no matching overload for select(vec2<f32>, vec2<f32>, vec3<bool>)"
	let pack_wrong_size = pack4x8snorm(v2); // ERROR "no matching overload for pack4x8snorm(vec2<f32>)"
	let pack_int = pack2x16float(vec2i()); // ERROR "no matching overload for pack2x16float(vec2<i32>)"
	let unpack_signed = unpack4x8unorm(i); // ERROR "no matching overload for unpack4x8unorm(i32)"
	let dot4_signed = dot4I8Packed(i, i); // ERROR "no matching overload for dot4I8Packed(i32, i32)"
	let pack4_float = pack4xU8(v4); // ERROR "no matching overload for pack4xU8(vec4<f32>)"
}
