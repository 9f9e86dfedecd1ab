// Atomic built-ins: pointer to atomic<T> in storage (read_write) or workgroup memory
// (spec "Atomic Built-in Functions").

struct S { u: atomic<u32>, i: atomic<i32> }
@group(0) @binding(0) var<storage, read_write> s: S;
var<workgroup> w: atomic<u32>;
var<workgroup> plain: u32;

@compute @workgroup_size(1)
fn main() {
	let a: u32 = atomicLoad(&s.u);
	atomicStore(&s.i, 1);
	let b: i32 = atomicAdd(&s.i, 1) + atomicSub(&s.i, 1) + atomicMax(&s.i, 1) + atomicMin(&s.i, 1);
	let c: u32 = atomicAnd(&w, 1u) + atomicOr(&w, 1u) + atomicXor(&w, 1u) + atomicExchange(&w, 1u);
	let r = atomicCompareExchangeWeak(&s.u, 1u, 2u);
	let old: u32 = r.old_value;
	let exchanged: bool = r.exchanged;
	atomicAdd(&w, 1u);
	_ = a; _ = b; _ = c; _ = old; _ = exchanged;

	let not_atomic = atomicLoad(&plain); // ERROR "no matching overload for atomicLoad(ptr<workgroup, u32>)"
	let by_reference = atomicLoad(w); // ERROR "no matching overload for atomicLoad(atomic<u32>)"
	let wrong_value = atomicAdd(&s.u, 1i); // ERROR "no matching overload for atomicAdd(ptr<storage, atomic<u32>, read_write>, i32)"
	let store_value = atomicStore(&w, 1u); // ERROR "function call does not return a value"
	let cmpxchg_mismatch = atomicCompareExchangeWeak(&s.i, 1u, 2u); // ERROR "no matching overload for atomicCompareExchangeWeak(ptr<storage, atomic<i32>, read_write>, u32, u32)"
	let missing_arg = atomicExchange(&w); // ERROR "no matching overload for atomicExchange(ptr<workgroup, atomic<u32>>)"
	let float_atomic_op = atomicAdd(&w, 1.0); // ERROR "no matching overload for atomicAdd(ptr<workgroup, atomic<u32>>, AbstractFloat)"
}
