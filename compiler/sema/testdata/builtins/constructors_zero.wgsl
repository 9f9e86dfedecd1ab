// Zero-value built-ins T() for constructible T (spec "Zero Value Built-in Functions").

struct S { a: i32, v: vec3f, arr: array<u32, 2> }
struct WithAtomic { a: atomic<u32> }
@group(0) @binding(0) var<storage> rt: array<u32>;

const_assert bool() == false;
const_assert i32() == 0 && u32() == 0u && f32() == 0.0;
const_assert all(vec2<f32>() == vec2(0.0)) && all(vec3<bool>() == vec3(false));
const_assert all(mat2x2<f32>()[1] == vec2(0.0));
const_assert array<i32, 3>()[2] == 0;
const_assert S().a == 0 && S().arr[1] == 0u;
const_assert all(vec4i() == vec4i(0));
const_assert all(vec2() == vec2(0, 0)) && all(vec4() == vec4(0.0));

fn f() {
	let a = atomic<u32>(); // ERROR "cannot construct a value of type atomic<u32>: zero values exist only for concrete constructible types"
	let b = WithAtomic(); // ERROR "cannot construct a value of type WithAtomic: zero values exist only for concrete constructible types"
	let c = array<u32>(); // ERROR "cannot construct a value of type array<u32>: zero values exist only for concrete constructible types"
	let d: vec3u = vec3(); // vec3() is a zero vector of AbstractInt
	let e = mat2x2(); // ERROR "no matching overload for mat2x2()"
	let g = array(); // ERROR "no matching overload for array()"
	let h = ptr<function, i32>(); // ERROR "cannot construct a value of type ptr<function, i32>: zero values exist only for concrete constructible types"
	let i = sampler(); // ERROR "cannot construct a value of type sampler: zero values exist only for concrete constructible types"
	let j = texture_2d<f32>(); // ERROR "cannot construct a value of type texture_2d<f32>: zero values exist only for concrete constructible types"
}
