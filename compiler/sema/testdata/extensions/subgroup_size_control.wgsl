// @subgroup_size on compute entry points with subgroup_size_control, which also
// enables subgroups (spec "subgroup_size", "Enable Extensions").
enable subgroup_size_control;

override sg = 32u;
@compute @workgroup_size(64) @subgroup_size(32) fn a() { _ = subgroupAdd(1u); }
@compute @workgroup_size(64) @subgroup_size(sg) fn b() {}
@compute @workgroup_size(64) @subgroup_size(3) fn not_pow2() {} // ERROR "@subgroup_size must be a power of two, got 3"
@fragment @subgroup_size(16) fn on_fragment() {} // ERROR "@subgroup_size applies only to compute entry points"
@compute @workgroup_size(64) @subgroup_size(0) fn zero() {} // ERROR "@subgroup_size must be a power of two, got 0"
