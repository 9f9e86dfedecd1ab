// Atomic types atomic<T> for T in i32 and u32, only in workgroup variables and
// read_write storage buffers (spec "Atomic Types", "Address Spaces").

struct Counters { hits: atomic<u32>, delta: atomic<i32>, arr: array<atomic<u32>, 4> }
@group(0) @binding(0) var<storage, read_write> counters: Counters;
@group(0) @binding(1) var<storage, read_write> flat: array<atomic<i32>>;
var<workgroup> wg_counter: atomic<u32>;
var<workgroup> wg_struct: Counters;

@group(1) @binding(0) var<storage, read> ro_counter: atomic<u32>; // ERROR "atomics in the storage address space need read_write access"
@group(1) @binding(1) var<storage> ro_default: Counters; // ERROR "atomics in the storage address space need read_write access"
@group(1) @binding(2) var<uniform> uniform_counter: atomic<u32>; // ERROR "atomic types are only allowed in the storage and workgroup address spaces, not uniform"
var<private> private_counter: atomic<i32>; // ERROR "atomic types are only allowed in the storage and workgroup address spaces, not private"
var<private> private_struct: Counters; // ERROR "atomic types are only allowed in the storage and workgroup address spaces, not private"
var<workgroup> of_f32: atomic<f32>; // ERROR "atomic<T> needs T to be i32 or u32, not f32"
var<workgroup> of_vec: atomic<vec2u>; // ERROR "atomic<T> needs T to be i32 or u32, not vec2<u32>"
var<workgroup> of_bool: atomic<bool>; // ERROR "atomic<T> needs T to be i32 or u32, not bool"
var<workgroup> of_atomic: atomic<atomic<u32>>; // ERROR "atomic<T> needs T to be i32 or u32, not atomic<u32>"

fn f() {
	atomicAdd(&counters.hits, 1u);
	atomicSub(&flat[0], 1);
	let v = atomicLoad(&wg_counter);
	atomicStore(&wg_struct.arr[1], v);
	var fn_counter: atomic<u32>; // ERROR "atomic types are only allowed in the storage and workgroup address spaces, not function"
	let direct_load = wg_counter; // ERROR "cannot load a value of type atomic<u32> (it is not constructible)"
	wg_counter = 1u; // ERROR "cannot assign a value of type atomic<u32> (it is not constructible)"
	let arith = counters.delta + 1; // ERROR "cannot load a value of type atomic<i32> (it is not constructible)"
}
fn param(a: atomic<u32>) {} // ERROR "parameter type atomic<u32> is not constructible"
