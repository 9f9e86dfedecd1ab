// Only const-functions may be called in const-expressions; user-defined functions are
// never const (spec "const Functions", "const Expressions").

fn user() -> f32 { return 1.0; }
@group(0) @binding(0) var<storage, read_write> buf: array<atomic<u32>>;
@group(0) @binding(1) var t: texture_2d<f32>;

const from_user = user(); // ERROR "function 'user' cannot be called in a const- or override-expression"
const from_dpdx = dpdx(1.0); // ERROR "the initializer of const 'from_dpdx' must be a const-expression"
const from_dims = textureDimensions(t); // ERROR "the initializer of const 'from_dims' must be a const-expression"

fn f() {
	const local_user = user(); // ERROR "the initializer of const 'local_user' must be a const-expression"
	const ok = max(1, 2) + i32(2.5f) + select(1, 2, true);
	let runtime_ok = user() + dpdx(1.0);
	const atomic_const = atomicLoad(&buf[0]); // ERROR "the initializer of const 'atomic_const' must be a const-expression"
	const array_len = arrayLength(&buf); // ERROR "the initializer of const 'array_len' must be a const-expression"
}
