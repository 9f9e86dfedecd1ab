// @subgroup_size on compute entry points with subgroup_size_control, which also
// enables subgroups (spec "subgroup_size", "Enable Extensions").
enable subgroup_size_control;

override sg = 32u;
@compute @workgroup_size(64) @subgroup_size(32) fn a() { _ = subgroupAdd(1u); }
@compute @workgroup_size(64) @subgroup_size(sg) fn b() {}
@compute @workgroup_size(64) @subgroup_size(3) fn not_pow2() {} // ERRORx "subgroup_size|power of 2|power of two"
@fragment @subgroup_size(16) fn on_fragment() {} // ERRORx "subgroup_size|compute"
@compute @workgroup_size(64) @subgroup_size(0) fn zero() {} // ERRORx "subgroup_size|power of 2|power of two|positive"
