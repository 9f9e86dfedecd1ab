// Subgroup sizes (enable subgroup_size_control) of every kind: a number, overrides Go can
// compute (u32 and i32), and ones only the pipeline's override values decide.
enable subgroup_size_control;

override sg: u32 = 16;
override sg_signed: i32 = 8;
override sg_twice = sg * 2u; // a default that is an override-expression
override wide: u32 = 128;

@compute @workgroup_size(64) @subgroup_size(32) fn fixed() {}
@compute @workgroup_size(wide, 2) @subgroup_size(sg) fn named() {}
@compute @workgroup_size(64) @subgroup_size(sg_signed) fn signed_size() {}
@compute @workgroup_size(64) @subgroup_size(sg * 4u) fn computed() {}
@compute @workgroup_size(64) @subgroup_size(sg_twice) fn flagged() {}
@compute @workgroup_size(64) fn plain() {}
