// Atomics inside structures and arrays of read_write storage buffers and workgroup
// variables; structures with atomics are not constructible (spec "Atomic Types",
// "Constructible Types").

struct Counters { a: atomic<u32>, b: array<atomic<i32>, 4>, c: u32 }
@group(0) @binding(0) var<storage, read_write> buf: array<Counters>;
var<workgroup> wg: array<Counters, 2>;

@compute @workgroup_size(1)
fn main() {
	atomicAdd(&buf[0].a, 1u);
	atomicMax(&buf[1].b[2], -1);
	atomicStore(&wg[1].b[3], 5);
	buf[0].c = 1u;
	let c: u32 = wg[0].c;
	_ = c;
	let copy = wg[0]; // ERROR "cannot load a value of type Counters (it is not constructible)"
	buf[1] = buf[0]; // ERROR "cannot assign a value of type Counters (it is not constructible)" ERROR "cannot load a value of type Counters (it is not constructible)"
	var local: Counters; // ERROR "atomic types are only allowed in the storage and workgroup address spaces, not function"
}
