// workgroupUniformLoad(p): p is a pointer to non-atomic workgroup memory; the result is
// uniform (spec "workgroupUniformLoad").

var<workgroup> wg: array<u32, 4>;
var<workgroup> wg_atomic: atomic<u32>;
var<private> pv: u32;
struct WithAtomic { a: atomic<u32> }
var<workgroup> wg_struct: WithAtomic;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
	let all_same = workgroupUniformLoad(&wg);
	if all_same[0] > 0u {
		workgroupBarrier();
	}
	let elem: u32 = workgroupUniformLoad(&wg[1]);
	let not_workgroup = workgroupUniformLoad(&pv); // ERRORx "no matching|overload|workgroupUniformLoad|workgroup"
	let of_atomic: u32 = workgroupUniformLoad(&wg_atomic);
	let of_struct_atomic = workgroupUniformLoad(&wg_struct); // ERRORx "no matching|overload|workgroupUniformLoad|atomic|construct"
	let by_reference = workgroupUniformLoad(wg); // ERRORx "no matching|overload|workgroupUniformLoad|pointer"
	workgroupBarrier(1); // ERRORx "no matching|overload|workgroupBarrier|argument"
	_ = elem + of_atomic;
}
