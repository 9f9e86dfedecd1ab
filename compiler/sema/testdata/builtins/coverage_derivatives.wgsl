// Derivative built-ins for f32 scalars and vectors (spec "Derivative Built-in
// Functions").

@fragment
fn main(@location(0) x: f32, @location(1) v: vec3f) -> @location(0) vec4f {
	let s: f32 = dpdx(x) + dpdxCoarse(x) + dpdxFine(x) + dpdy(x) + dpdyCoarse(x) + dpdyFine(x) + fwidth(x) + fwidthCoarse(x) + fwidthFine(x);
	let w: vec3f = dpdx(v) + dpdxCoarse(v) + dpdxFine(v) + dpdy(v) + dpdyCoarse(v) + dpdyFine(v) + fwidth(v) + fwidthCoarse(v) + fwidthFine(v);
	let abstract_arg: f32 = dpdx(1.0) + fwidth(2);
	let int_arg = dpdx(1i); // ERROR "no matching overload for dpdx(i32)"
	let vec_int = fwidth(vec2i()); // ERROR "no matching overload for fwidth(vec2<i32>)"
	return vec4(w, s + abstract_arg);
}
