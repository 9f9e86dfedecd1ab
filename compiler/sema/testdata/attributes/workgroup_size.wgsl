// @workgroup_size: required on compute entry points; one to three positive
// const/override expressions of one integer type (spec "workgroup_size").

const c = 4;
override ov: u32 = 8;
override ovi: i32 = 8;
@compute @workgroup_size(64) fn a() {}
@compute @workgroup_size(8, 8) fn b() {}
@compute @workgroup_size(4, 4, 4) fn c1() {}
@compute @workgroup_size(c, c * 2, 1) fn d() {}
@compute @workgroup_size(ov) fn e() {}
@compute @workgroup_size(ov, 2u) fn g() {}
@compute @workgroup_size(2, ovi) fn h() {}
@compute @workgroup_size(ov * 2u + 1u) fn k() {}
@compute @workgroup_size(1u, 2, 3) fn l() {}

@compute fn missing() {} // ERROR "compute entry point 'missing' needs @workgroup_size"
@compute @workgroup_size(0) fn zero() {} // ERROR "@workgroup_size must be at least 1, got 0"
@compute @workgroup_size(-1) fn negative() {} // ERROR "@workgroup_size must be at least 1, got -1"
@compute @workgroup_size(8, 0) fn zero_y() {} // ERROR "@workgroup_size must be at least 1, got 0"
@compute @workgroup_size(1.0) fn float_arg() {} // ERROR "@workgroup_size arguments must be i32 or u32, not AbstractFloat"
@compute @workgroup_size(1i, 2u) fn mixed_types() {} // ERROR "@workgroup_size arguments must all have the same type"
@compute @workgroup_size(ov, ovi) fn mixed_override_types() {} // ERROR "@workgroup_size arguments must all have the same type"
@compute @workgroup_size(1, 1, 1, 1) fn four_args() {} // ERROR "@workgroup_size takes one to three arguments"
@compute @workgroup_size() fn no_args() {} // ERROR "@workgroup_size takes one to three arguments"
var<private> pv: u32 = 1;
@compute @workgroup_size(pv) fn var_arg() {} // ERROR "@workgroup_size arguments must be const- or override-expressions"
@compute @workgroup_size(1) @workgroup_size(2) fn twice() {} // ERROR "duplicate attribute '@workgroup_size'"
