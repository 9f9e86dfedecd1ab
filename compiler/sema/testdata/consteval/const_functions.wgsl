// Only const-functions may be called in const-expressions; user-defined functions are
// never const (spec "const Functions", "const Expressions").

fn user() -> f32 { return 1.0; }
@group(0) @binding(0) var<storage, read_write> buf: array<atomic<u32>>;
@group(0) @binding(1) var t: texture_2d<f32>;

const from_user = user(); // ERRORx "const|function|module-scope|user"
const from_dpdx = dpdx(1.0); // ERRORx "const|dpdx|fragment"
const from_dims = textureDimensions(t); // ERRORx "const|textureDimensions|var"

fn f() {
	const local_user = user(); // ERRORx "const|function|user"
	const ok = max(1, 2) + i32(2.5f) + select(1, 2, true);
	let runtime_ok = user() + dpdx(1.0);
	const atomic_const = atomicLoad(&buf[0]); // ERRORx "const|atomicLoad|var"
	const array_len = arrayLength(&buf); // ERRORx "const|arrayLength|var"
}
