// bitcast<T>(e) between types of the same size (spec "bitcast").
enable f16;

fn f(i: i32, u: u32, x: f32, h: f16, v2h: vec2h, v4h: vec4h, v2u: vec2u, v3f: vec3f) {
	let a: f32 = bitcast<f32>(u);
	let b: u32 = bitcast<u32>(x);
	let c: i32 = bitcast<i32>(i);
	let d: vec3u = bitcast<vec3u>(v3f);
	let e: u32 = bitcast<u32>(v2h);
	let g: vec2h = bitcast<vec2h>(x);
	let k: vec2u = bitcast<vec2u>(v4h);
	let l: vec4h = bitcast<vec4h>(v2u);
	let m: u32 = bitcast<u32>(1);
	_ = a; _ = b; _ = c; _ = d; _ = e; _ = g; _ = k; _ = l; _ = m;

	let size_mismatch = bitcast<vec2u>(u); // ERROR "no matching overload for bitcast<vec2<u32>>(u32)"
	let from_f16 = bitcast<u32>(h); // ERROR "no matching overload for bitcast<u32>(f16)"
	let to_f16 = bitcast<f16>(u); // ERROR "no matching overload for bitcast<f16>(u32)"
	let to_bool = bitcast<bool>(u); // ERROR "no matching overload for bitcast<bool>(u32)"
	let from_bool = bitcast<u32>(true); // ERROR "no matching overload for bitcast<u32>(bool)"
	let vec_sizes = bitcast<vec3u>(v2u); // ERROR "no matching overload for bitcast<vec3<u32>>(vec2<u32>)"
	let no_template = bitcast(u); // ERROR "bitcast needs one template argument: bitcast<T>(e)"
	let to_mat = bitcast<mat2x2f>(v4h); // ERROR "no matching overload for bitcast<mat2x2<f32>>(vec4<f16>)"
	// bitcast<u32>(e: AbstractInt) is preferred to bitcast<u32>(e: i32) (conversion rank 0
	// against 3), so -1 must fit in u32 (spec "bitcast"); Tint accepts this.
	let abstract_negative = bitcast<u32>(-1); // ERROR "bitcast: value -1 does not fit in u32"
	let abstract_too_big = bitcast<f32>(3000000000); // ERROR "value 3000000000 does not fit in i32"
}
