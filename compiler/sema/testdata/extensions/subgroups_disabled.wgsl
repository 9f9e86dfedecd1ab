// Subgroup built-in values and functions need `enable subgroups;` (spec "Enable
// Extensions", "Subgroup Built-in Functions").

@compute @workgroup_size(64) fn sg_size(@builtin(subgroup_size) s: u32) {} // ERRORx "subgroup|enable|extension"
@compute @workgroup_size(64) fn sg_id(@builtin(subgroup_invocation_id) i: u32) {} // ERRORx "subgroup|enable|extension"
@compute @workgroup_size(64) fn sg_add() { _ = subgroupAdd(1u); } // ERRORx "subgroup|enable|extension"
@compute @workgroup_size(64) fn sg_ballot() { _ = subgroupBallot(true); } // ERRORx "subgroup|enable|extension"
@fragment fn quad() { _ = quadSwapX(1.0); } // ERRORx "subgroup|quad|enable|extension"
