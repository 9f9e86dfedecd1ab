// @subgroup_size needs subgroup_size_control (spec "subgroup_size").
enable subgroups;

@compute @workgroup_size(64) @subgroup_size(32) fn a() {} // ERROR "@subgroup_size requires 'enable subgroup_size_control;'"
