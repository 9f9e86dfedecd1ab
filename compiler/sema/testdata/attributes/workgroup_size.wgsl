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

@compute fn missing() {} // ERRORx "workgroup_size"
@compute @workgroup_size(0) fn zero() {} // ERRORx "workgroup_size|positive|zero|greater|at least"
@compute @workgroup_size(-1) fn negative() {} // ERRORx "workgroup_size|positive|negative|greater|at least"
@compute @workgroup_size(8, 0) fn zero_y() {} // ERRORx "workgroup_size|positive|zero|greater|at least"
@compute @workgroup_size(1.0) fn float_arg() {} // ERRORx "workgroup_size|integer|i32|u32"
@compute @workgroup_size(1i, 2u) fn mixed_types() {} // ERRORx "workgroup_size|same type|mismatch|i32|u32"
@compute @workgroup_size(ov, ovi) fn mixed_override_types() {} // ERRORx "workgroup_size|same type|mismatch|i32|u32"
@compute @workgroup_size(1, 1, 1, 1) fn four_args() {} // ERRORx "workgroup_size|argument|three|3"
@compute @workgroup_size() fn no_args() {} // ERRORx "workgroup_size|argument|expected"
var<private> pv: u32 = 1;
@compute @workgroup_size(pv) fn var_arg() {} // ERRORx "workgroup_size|const|override|var"
@compute @workgroup_size(1) @workgroup_size(2) fn twice() {} // ERRORx "duplicate|workgroup_size|more than once"
