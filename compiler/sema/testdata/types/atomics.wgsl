// Atomic types atomic<T> for T in i32 and u32, only in workgroup variables and
// read_write storage buffers (spec "Atomic Types", "Address Spaces").

struct Counters { hits: atomic<u32>, delta: atomic<i32>, arr: array<atomic<u32>, 4> }
@group(0) @binding(0) var<storage, read_write> counters: Counters;
@group(0) @binding(1) var<storage, read_write> flat: array<atomic<i32>>;
var<workgroup> wg_counter: atomic<u32>;
var<workgroup> wg_struct: Counters;

@group(1) @binding(0) var<storage, read> ro_counter: atomic<u32>; // ERRORx "atomic|read_write|access"
@group(1) @binding(1) var<storage> ro_default: Counters; // ERRORx "atomic|read_write|access"
@group(1) @binding(2) var<uniform> uniform_counter: atomic<u32>; // ERRORx "atomic|uniform|constructible"
var<private> private_counter: atomic<i32>; // ERRORx "atomic|private"
var<private> private_struct: Counters; // ERRORx "atomic|private"
var<workgroup> of_f32: atomic<f32>; // ERRORx "atomic|i32|u32|f32"
var<workgroup> of_vec: atomic<vec2u>; // ERRORx "atomic|i32|u32|vec"
var<workgroup> of_bool: atomic<bool>; // ERRORx "atomic|i32|u32|bool"
var<workgroup> of_atomic: atomic<atomic<u32>>; // ERRORx "atomic|i32|u32"

fn f() {
	atomicAdd(&counters.hits, 1u);
	atomicSub(&flat[0], 1);
	let v = atomicLoad(&wg_counter);
	atomicStore(&wg_struct.arr[1], v);
	var fn_counter: atomic<u32>; // ERRORx "atomic|function|storable|construct"
	let direct_load = wg_counter; // ERRORx "atomic|construct|load"
	wg_counter = 1u; // ERRORx "atomic|assign|cannot|construct"
	let arith = counters.delta + 1; // ERRORx "atomic|no matching|overload|operator"
}
fn param(a: atomic<u32>) {} // ERRORx "atomic|constructible|parameter"
