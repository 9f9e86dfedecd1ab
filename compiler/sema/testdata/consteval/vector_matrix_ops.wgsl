// Const-evaluation of vector and matrix operators: component-wise arithmetic,
// matrix products, comparisons, overflow in any component (spec "Arithmetic
// Expressions").

const v = vec3(1.0, 2.0, 3.0);
const m = mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
const_assert all(v + v == vec3(2.0, 4.0, 6.0));
const_assert all(v * 2 == vec3(2.0, 4.0, 6.0)) && all(2 * v == v * 2);
const_assert all(v / 2.0 == vec3(0.5, 1.0, 1.5));
const_assert all(vec3(7, 8, 9) % 4 == vec3(3, 0, 1));
const_assert all(-v == vec3(-1.0, -2.0, -3.0));
const_assert all(m * vec2(1.0, 1.0) == vec3(5.0, 7.0, 9.0));
const_assert all(vec3(1.0, 0.0, 0.0) * m == vec2(1.0, 4.0));
const_assert (transpose(m) * m)[1][1] == 77.0;
const_assert all((m + m)[1] == vec3(8.0, 10.0, 12.0));
const_assert all((m * 0.5)[0] == vec3(0.5, 1.0, 1.5));
const_assert all((vec2(1, 2) < vec2(2, 2)) == vec2(true, false));
const_assert all(!vec2(true, false) == vec2(false, true));
const_assert all((vec2(6u, 3u) & vec2(3u)) == vec2(2u, 3u));
const_assert all(~vec2(0u, 1u) == vec2(0xffffffffu, 0xfffffffeu));
const_assert all((vec2(1i, 2i) << vec2(3u, 4u)) == vec2(8i, 32i));
const_assert all(vec3i(vec3(1.9, -1.9, 0.5)) == vec3i(1, -1, 0));

const vec_overflow = vec2(1, 0x7fffffffffffffff) * 2; // ERROR "9223372036854775807 * 2 overflows AbstractInt in constant expression"
const vec_f32_overflow = vec2f(3e38, 1.0) + vec2f(3e38, 1.0); // ERROR "3e+38f + 3e+38f overflows f32 in constant expression"
const mat_vec_overflow = mat2x2(1e308, 1e308, 1e308, 1e308) * vec2(1e308, 1.0); // ERROR "mat2x2(vec2(1e+308, 1e+308), vec2(1e+308, 1e+308)) * vec2(1e+308, 1.0) overflows AbstractFloat in constant expression"
const vec_rem_zero = vec2(4, 5) % vec2(2, 0); // ERROR "remainder by zero in constant expression: 5 % 0"
const vec_shift_too_far = vec2(1u, 1u) << vec2(1u, 32u); // ERROR "shift amount 32u is not less than 32, the bit width of u32, in constant expression"
