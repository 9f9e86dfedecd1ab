// Every integer numeric and bit built-in with scalar and vector, signed, unsigned and
// abstract arguments (spec "Numeric Built-in Functions").

fn ints(i: i32, u: u32, vi: vec2i, vu: vec4u) {
	var si: i32 = abs(i) + clamp(i, i, i) + countLeadingZeros(i) + countOneBits(i) + countTrailingZeros(i);
	si += extractBits(i, 1u, 2u) + firstLeadingBit(i) + firstTrailingBit(i) + insertBits(i, i, 1u, 2u) + max(i, i) + min(i, i);
	si += reverseBits(i) + sign(i) + dot(vi, vi) + dot4I8Packed(u, u);
	var su: u32 = abs(u) + clamp(u, u, u) + countLeadingZeros(u) + countOneBits(u) + countTrailingZeros(u);
	su += extractBits(u, 1u, 2u) + firstLeadingBit(u) + firstTrailingBit(u) + insertBits(u, u, 1u, 2u) + max(u, u) + min(u, u);
	su += reverseBits(u) + dot(vu, vu) + dot4U8Packed(u, u);
	var wi: vec2i = abs(vi) + clamp(vi, vi, vi) + countLeadingZeros(vi) + countOneBits(vi) + countTrailingZeros(vi);
	wi += extractBits(vi, 1u, 2u) + firstLeadingBit(vi) + firstTrailingBit(vi) + insertBits(vi, vi, 1u, 2u) + reverseBits(vi) + sign(vi);
	var wu: vec4u = abs(vu) + clamp(vu, vu, vu) + countOneBits(vu) + extractBits(vu, 1u, 2u) + insertBits(vu, vu, 3u, 4u) + max(vu, vu);
	_ = si; _ = su; _ = wi; _ = wu;
	let sign_unsigned = sign(u); // ERROR "no matching overload for sign(u32)"
	let dot_bool = dot(vec2(true), vec2(true)); // ERROR "no matching overload for dot(vec2<bool>, vec2<bool>)"
}

fn abstract_ints() {
	// abs, clamp, max, min, sign and dot take AbstractInt; the bit built-ins take only
	// i32 and u32 (spec "INTEGRAL"), so their AbstractInt arguments become i32.
	const a = abs(-3) + clamp(5, 0, 3) + max(1, 2) + min(3, 4) + sign(-9) + dot(vec2(1, 2), vec2(3, 4));
	const b = countOneBits(7) + extractBits(0xff, 4u, 4u) + insertBits(0, 3, 2u, 2u) + reverseBits(1) + firstLeadingBit(16);
	let i: i32 = a + b;
	let u: u32 = a;
	_ = i; _ = u;
	let bits_are_i32: u32 = b; // ERROR "cannot use a value of type i32 as u32 to initialize 'bits_are_i32'"
}
