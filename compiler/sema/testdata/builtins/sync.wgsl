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
	let not_workgroup = workgroupUniformLoad(&pv); // ERROR "no matching overload for workgroupUniformLoad(ptr<private, u32>)"
	let of_atomic: u32 = workgroupUniformLoad(&wg_atomic);
	let of_struct_atomic = workgroupUniformLoad(&wg_struct); // ERROR "no matching overload for workgroupUniformLoad(ptr<workgroup, WithAtomic>)"
	let by_reference = workgroupUniformLoad(wg); // ERROR "no matching overload for workgroupUniformLoad(array<u32, 4>)"
	workgroupBarrier(1); // ERROR "no matching overload for workgroupBarrier(AbstractInt)"
	_ = elem + of_atomic;
}
