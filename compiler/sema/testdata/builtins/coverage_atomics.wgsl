// Every atomic built-in on i32 and u32 atomics in storage and workgroup memory (spec
// "Atomic Built-in Functions").

@group(0) @binding(0) var<storage, read_write> si: atomic<i32>;
@group(0) @binding(1) var<storage, read_write> su: array<atomic<u32>, 2>;
var<workgroup> wi: atomic<i32>;
var<workgroup> wu: atomic<u32>;

@compute @workgroup_size(1)
fn main() {
	var i: i32 = atomicLoad(&si) + atomicAdd(&si, 1) + atomicSub(&si, 1) + atomicMax(&si, 1) + atomicMin(&si, 1);
	i += atomicAnd(&wi, 1) + atomicOr(&wi, 1) + atomicXor(&wi, 1) + atomicExchange(&wi, 1) + atomicLoad(&wi);
	var u: u32 = atomicLoad(&su[0]) + atomicAdd(&su[1], 1u) + atomicMax(&wu, 2u) + atomicExchange(&wu, 3u);
	let ri = atomicCompareExchangeWeak(&wi, 1, 2);
	let ru = atomicCompareExchangeWeak(&su[0], 1u, 2u);
	i += ri.old_value;
	u += ru.old_value;
	atomicStore(&si, i);
	atomicStore(&wu, u);
	atomicAdd(&su[0], 1u);
	atomicLoad(&wu);
	let ok: bool = ri.exchanged && ru.exchanged;
	_ = ok;
	let no_member = ri.value; // ERROR "structure __atomic_compare_exchange_result_i32 has no member 'value'; its members are old_value and exchanged"
}
