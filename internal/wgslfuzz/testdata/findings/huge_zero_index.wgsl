// Class 4: zero values of arrays of hundreds of millions of elements were materialised.
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@compute @workgroup_size(1) fn main() {
	o[0] = array<i32, 600000000>()[0] + array<i32, 600000000>()[5];
}
