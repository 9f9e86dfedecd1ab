// The x dimension of @workgroup_size must be a multiple of @subgroup_size (spec
// "subgroup_size"). The spec makes it a pipeline-creation error; when both are
// const-expressions no pipeline can be created, so the checker reports it.
enable subgroup_size_control;

const W = 8;
override sg: u32 = 16;
override wx: u32 = 64;

@compute @workgroup_size(48) @subgroup_size(32) fn not_multiple() {} // ERROR@:45 "the x dimension of @workgroup_size, 48, is not a multiple of @subgroup_size, 32"
@compute @workgroup_size(W * 3, 4) @subgroup_size(W * 2) fn not_multiple_exprs() {} // ERROR@:51 "the x dimension of @workgroup_size, 24, is not a multiple of @subgroup_size, 16"
@compute @workgroup_size(2, 64) @subgroup_size(4u) fn only_x_counts() {} // ERROR@:48 "the x dimension of @workgroup_size, 2, is not a multiple of @subgroup_size, 4"
@compute @workgroup_size(96, 1) @subgroup_size(32) fn multiple() {}
@compute @workgroup_size(8) @subgroup_size(8i) fn equal() {}
@compute @workgroup_size(W * 4) @subgroup_size(W) fn multiple_exprs() {}
@compute @workgroup_size(wx) @subgroup_size(128) fn override_x() {} // the pipeline decides
@compute @workgroup_size(48) @subgroup_size(sg) fn override_size() {} // the pipeline decides
