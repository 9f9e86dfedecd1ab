// Subgroup built-in values and functions need `enable subgroups;` (spec "Enable
// Extensions", "Subgroup Built-in Functions").

@compute @workgroup_size(64) fn sg_size(@builtin(subgroup_size) s: u32) {} // ERROR "@builtin(subgroup_size) requires 'enable subgroups;'"
@compute @workgroup_size(64) fn sg_id(@builtin(subgroup_invocation_id) i: u32) {} // ERROR "@builtin(subgroup_invocation_id) requires 'enable subgroups;'"
@compute @workgroup_size(64) fn sg_add() { _ = subgroupAdd(1u); } // ERROR "subgroupAdd needs 'enable subgroups;'"
@compute @workgroup_size(64) fn sg_ballot() { _ = subgroupBallot(true); } // ERROR "subgroupBallot needs 'enable subgroups;'"
@fragment fn quad() { _ = quadSwapX(1.0); } // ERROR "quadSwapX needs 'enable subgroups;'"
