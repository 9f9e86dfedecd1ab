// Scalar types and literal suffixes (spec "Boolean Type", "Integer Types", "Floating
// Point Types", "Numeric Literals").

const b: bool = true;
const i: i32 = 2147483647i;
const i_min: i32 = -2147483648;
const i_min_suffixed = -2147483648i; // ERROR "literal 2147483648i cannot be represented as i32"
const u: u32 = 4294967295u;
const f: f32 = 3.40282346638528859812e+38f;
const f_small: f32 = 1e-45f;
const h1 = 0x1p-149f;
const i_hex = 0x7fffffffi;

const bad_i = 2147483648i; // ERROR "literal 2147483648i cannot be represented as i32"
const bad_u = 4294967296u; // ERROR "literal 4294967296u cannot be represented as u32"
const bad_f = 3.5e38f; // ERROR "literal 3.5e38f: value 3.5e+38 is not representable in f32"
const bad_af = 1e309; // ERROR "literal 1e309 cannot be represented as AbstractFloat: it is beyond the finite range of a 64-bit float"
const bad_ai = 9223372036854775808; // ERROR "literal 9223372036854775808 cannot be represented as a 64-bit AbstractInt"
const neg_u = -1u; // ERROR "operator '-' cannot be applied to u32"
const not_bool: bool = 1; // ERROR "cannot use a value of type AbstractInt as bool to initialize const 'not_bool'"
const not_int: i32 = false; // ERROR "cannot use a value of type bool as i32 to initialize const 'not_int'"
const u_to_i: i32 = 1u; // ERROR "cannot use a value of type u32 as i32 to initialize const 'u_to_i'"
const f_to_u: u32 = 1f; // ERROR "cannot use a value of type f32 as u32 to initialize const 'f_to_u'"
const i_to_f: f32 = 1i; // ERROR "cannot use a value of type i32 as f32 to initialize const 'i_to_f'"
