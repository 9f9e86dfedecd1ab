// Scalar types and literal suffixes (spec "Boolean Type", "Integer Types", "Floating
// Point Types", "Numeric Literals").

const b: bool = true;
const i: i32 = 2147483647i;
const i_min: i32 = -2147483648;
const i_min_suffixed = -2147483648i; // ERRORx "cannot|represent|range|fit"
const u: u32 = 4294967295u;
const f: f32 = 3.40282346638528859812e+38f;
const f_small: f32 = 1e-45f;
const h1 = 0x1p-149f;
const i_hex = 0x7fffffffi;

const bad_i = 2147483648i; // ERRORx "cannot|represent|range|fit"
const bad_u = 4294967296u; // ERRORx "cannot|represent|range|fit"
const bad_f = 3.5e38f; // ERRORx "cannot|represent|range|fit"
const bad_af = 1e309; // ERRORx "cannot|represent|range|fit"
const bad_ai = 9223372036854775808; // ERRORx "cannot|represent|range|fit"
const neg_u = -1u; // ERRORx "no matching|overload|cannot|u32|negat"
const not_bool: bool = 1; // ERRORx "cannot|convert|mismatch"
const not_int: i32 = false; // ERRORx "cannot|convert|mismatch"
const u_to_i: i32 = 1u; // ERRORx "cannot|convert|mismatch"
const f_to_u: u32 = 1f; // ERRORx "cannot|convert|mismatch"
const i_to_f: f32 = 1i; // ERRORx "cannot|convert|mismatch"
