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

	let size_mismatch = bitcast<vec2u>(u); // ERRORx "no matching|overload|size|bitcast"
	let from_f16 = bitcast<u32>(h); // ERRORx "no matching|overload|size|bitcast"
	let to_f16 = bitcast<f16>(u); // ERRORx "no matching|overload|size|bitcast"
	let to_bool = bitcast<bool>(u); // ERRORx "no matching|overload|bool|bitcast"
	let from_bool = bitcast<u32>(true); // ERRORx "no matching|overload|bool|bitcast"
	let vec_sizes = bitcast<vec3u>(v2u); // ERRORx "no matching|overload|size|bitcast"
	let no_template = bitcast(u); // ERRORx "template|type|bitcast"
	let to_mat = bitcast<mat2x2f>(v4h); // ERRORx "no matching|overload|bitcast|mat"
	// bitcast<u32>(e: AbstractInt) is preferred to bitcast<u32>(e: i32) (conversion rank 0
	// against 3), so -1 must fit in u32 (spec "bitcast"); Tint accepts this.
	let abstract_negative = bitcast<u32>(-1); // ERRORx "fit|represent|range|u32"
	let abstract_too_big = bitcast<f32>(3000000000); // ERRORx "cannot|represent|range|fit"
}
