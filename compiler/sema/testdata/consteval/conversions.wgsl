// Value conversions in const-expressions: float to integer clamps; integer and float
// to a float type must be within its finite range; bitcast must not make Inf or NaN
// (spec "Floating Point Conversion", "bitcast").

const_assert i32(1e10) == 2147483647i;
const_assert i32(1e20f) == 2147483520i;
const_assert i32(-1e10) == i32(-2147483648);
const_assert u32(-1.0) == 0u;
const_assert u32(1e20f) == 4294967040u;
const_assert i32(3.9f) == 3i && i32(-3.9) == -3i && u32(3.9) == 3u;
const_assert i32(4294967295u) == -1i;
const_assert u32(-1i) == 4294967295u;
const_assert f32(16777217) == 16777216f || f32(16777217) == 16777218f;
const_assert bool(2) && !bool(0.0) && bool(-0.5);
const_assert f32(true) == 1.0f && u32(false) == 0u;
const_assert bitcast<u32>(1.0f) == 0x3f800000u;
const_assert bitcast<i32>(0xffffffffu) == -1i;
const_assert bitcast<f32>(0x40490fdbu) > 3.14f;
const_assert all(bitcast<vec2u>(vec2i(-1, 2)) == vec2u(0xffffffffu, 2u));

const f32_range = f32(1e39); // ERROR "value 1e+39 is outside the finite range of f32"
const f32_range_neg = f32(-3.5e38); // ERROR "value -3.5e+38 is outside the finite range of f32"
const vec_range = vec2f(vec2(1.0, 1e39)); // ERROR "vec2f: value 1e+39 is outside the finite range of f32"
const bitcast_inf = bitcast<f32>(0x7f800000u); // ERROR "bitcast<f32>(2139095040u) is an f32 infinity or NaN (bits 0x7f800000) in constant expression"
const bitcast_nan = bitcast<f32>(0x7fc00000u); // ERROR "bitcast<f32>(2143289344u) is an f32 infinity or NaN (bits 0x7fc00000) in constant expression"
const bitcast_neg_inf = bitcast<f32>(0xff800000u); // ERROR "bitcast<f32>(4286578688u) is an f32 infinity or NaN (bits 0xff800000) in constant expression"
const abstract_too_big_for_u32 = u32(4294967296); // ERROR "u32: value 4294967296 does not fit in u32"
const abstract_too_big_for_i32 = i32(-2147483649); // ERROR "i32: value -2147483649 does not fit in i32"

// f32(e: T) takes any scalar T, abstract ones included, as bool, f16, i32 and u32 do: an
// AbstractInt converts directly, so f32(0xffffffff) is 4294967296.0 (gpuweb PR #4449, "Add
// scalar value constructors from abstracts", fixing issue #4415; Tint and Naga agree; the
// spec text of reference/wgsl/index.bs predates it and still says "concrete scalar").
const_assert f32(2147483647) == 2147483648.0 && f32(-2147483648) == -2147483648.0;
const_assert f32(3000000000.0) == 3000000000.0 && u32(3000000000) == 3000000000u && f32(3000000000u) == 3000000000.0;
const_assert all(vec2f(3000000000) == vec2f(3000000000.0));
const_assert f32(3000000000) == 3000000000.0 && f32(0xffffffff) == 4294967296.0;
