// subgroup_id and num_subgroups need subgroups and the subgroup_id language feature
// (spec "Built-in Inputs and Outputs", "Language Extensions").
enable subgroups;

@compute @workgroup_size(64)
fn main(@builtin(subgroup_id) id: u32, @builtin(num_subgroups) n: u32) {
	if n > 1u { workgroupBarrier(); }
	_ = id;
}
@fragment fn fs(@builtin(subgroup_id) id: u32) {} // ERROR "@builtin(subgroup_id) cannot be a fragment input"
