// Subgroup and quad functions need uniform control flow, under the subgroup_uniformity
// rule, which filters can change (spec "Filterable Triggering Rules", "Subgroup
// Built-in Functions").
enable subgroups;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(subgroup_invocation_id) sid: u32) {
	let a = subgroupAdd(lid);
	if lid > 4u { _ = subgroupMax(lid); } // ERROR "'subgroupMax' must only be called from subgroup uniform control flow"
	if sid == 0u { _ = subgroupBallot(true); } // ERROR "'subgroupBallot' must only be called from subgroup uniform control flow"
	if lid > 4u @diagnostic(off, subgroup_uniformity) { _ = subgroupMin(lid); }
	@diagnostic(warning, subgroup_uniformity) if lid > 8u { _ = subgroupAll(true); } // WARNING "'subgroupAll' must only be called from subgroup uniform control flow"
	_ = a;
}
