// buffer<N> and buffer types, bufferView, bufferArrayView and bufferLength (spec
// "Buffer Types", "Buffer View Built-in Functions").
requires buffer_view;

struct S { a: mat3x3f, b: vec2f }
struct Strided { @size(32) a: u32 }

@group(0) @binding(0) var<storage> rt: buffer;
@group(0) @binding(1) var<storage, read_write> fixed: buffer<256>;
@group(0) @binding(2) var<uniform> uni: buffer<1024>;
var<workgroup> wg: buffer<64>;
override wg_size = 128;
var<workgroup> wg_override: buffer<wg_size>;

fn takes(p: ptr<storage, buffer<128>, read_write>) -> u32 { return bufferLength(p); }
fn takes_rt(p: ptr<storage, buffer>) -> u32 { return bufferLength(p); }

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
	let p1 = bufferView<vec4u>(&rt, i * 16u);
	*bufferView<vec4u>(&fixed, 16u) = *p1;
	let p2 = bufferView<array<S, 2>>(&rt, 0u);
	let v: mat3x3f = (*p2)[1].a;
	*bufferView<mat3x3f>(&fixed, 48i) = v;
	let a = bufferArrayView<array<Strided>>(&uni, 0u, 64u);
	let w = bufferView<array<u32, 16>>(&wg, 0u);
	let len: u32 = bufferLength(&rt) + bufferLength(&fixed) + takes(&fixed) + takes_rt(&rt) + (*a)[1].a + (*w)[3];
	_ = len;
	// arrayLength takes ptr<AS, array<E>, AM> with AS storage, uniform or workgroup (spec
	// "arrayLength"): a uniform or workgroup pointer to a runtime-sized array comes only from
	// bufferArrayView, since neither space may otherwise hold such an array (array_length.wgsl
	// has the errors). Tint agrees.
	let w_rt = bufferArrayView<array<u32>>(&wg, 0u, 16u);
	let lengths: u32 = arrayLength(a) + arrayLength(w_rt) + arrayLength(bufferArrayView<array<u32>>(&fixed, 0u, 64u));
	_ = lengths;
	_ = bufferView<f32>(&wg_override, 0u);
	let negative_offset = bufferView<u32>(&fixed, -4); // ERROR "bufferView: the offset -4 is negative"
	let misaligned = bufferView<vec4f>(&fixed, 4u); // ERROR "bufferView: the offset 4 is not a multiple of 16, the alignment vec4<f32> needs in the storage address space"
	let too_big = bufferView<array<u32, 100>>(&fixed, 0u); // ERROR "bufferView: array<u32, 100> needs at least 400 bytes, but the buffer has 256"
	let with_atomic = bufferView<atomic<u32>>(&fixed, 0u); // ERROR "no matching overload for bufferView<atomic<u32>>(ptr<storage, buffer<256>, read_write>, u32)"
	let not_buffer = bufferView<u32>(&wg_override, 0u);
	_ = not_buffer;
}

var<private> private_buffer: buffer<16>; // ERROR "a private variable's type must be constructible, not buffer<16>"
@group(1) @binding(0) var<uniform> uniform_rt: buffer; // ERROR "a uniform buffer's type must be host-shareable and constructible, not buffer"
@group(1) @binding(1) var<storage> zero_size: buffer<0>; // ERROR "buffer size must be greater than 0"
@group(1) @binding(2) var<storage> odd_size: buffer<6>; // ERROR "buffer size 6 must be a multiple of 4"
struct HoldsBuffer { b: buffer<16> } // ERROR "member 'b' has type buffer<16>, which cannot be a structure member"
fn value() { let b = fixed; } // ERROR "cannot load a value of type buffer<256> (it is not constructible)"
