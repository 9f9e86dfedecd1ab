// var-declarations: address spaces, initializers, access modes (spec "var Declarations").

struct Params { specular: f32, count: i32 }
var<private> decibels: f32;
var<private> init_const: f32 = 2.0 * 3.0;
override ov = 2.0;
var<private> init_override: f32 = ov * 2;
var<workgroup> worklist: array<i32, 10>;
@group(0) @binding(0) var<uniform> param: Params;
@group(0) @binding(1) var<storage> pbuf: array<vec2<f32>>;
@group(0) @binding(2) var<storage, read> rbuf: Params;
@group(0) @binding(3) var<storage, read_write> rwbuf: array<i32>;
@group(0) @binding(4) var tex: texture_2d<f32>;

var no_address_space: i32; // ERROR "module-scope variable 'no_address_space' needs an address space, e.g. var<private>"
@group(1) @binding(9) var no_space_buffer: i32; // ERROR "module-scope variable 'no_space_buffer' needs an address space, e.g. var<uniform> or var<storage>"
var<function> module_function: i32; // ERROR "the function address space is not allowed at module scope"
var<workgroup> wg_init: i32 = 1; // ERROR "only private variables may have an initializer at module scope"
@group(1) @binding(0) var<storage> storage_init: i32 = 1; // ERROR "only private variables may have an initializer at module scope"
@group(1) @binding(1) var<uniform> uniform_init: Params = Params(); // ERROR "only private variables may have an initializer at module scope"
@group(1) @binding(2) var<handle> explicit_handle: sampler; // ERROR "texture and sampler variables are declared without an address space"
var<private, read_write> private_access: i32; // ERROR "an access mode may only be written for the storage address space"
var<workgroup, read> workgroup_access: i32; // ERROR "an access mode may only be written for the storage address space"
@group(1) @binding(3) var<uniform, read> uniform_access: Params; // ERROR "an access mode may only be written for the storage address space"
@group(1) @binding(4) var<storage, write> storage_write: i32; // ERROR "storage buffers have access read or read_write, not write"
var<private> private_runtime: array<i32>; // ERROR "a private variable's type must be constructible, not array<i32>"
var<private> private_init_type: i32 = 1u; // ERROR "cannot use a value of type u32 as i32 to initialize 'private_init_type'"
var<private> private_init_var: i32 = decibels_i; // ERROR "the initializer of a module-scope variable must be a const- or override-expression"
var<private> decibels_i: i32;
@group(1) @binding(5) var<private> private_tex: texture_2d<f32>; // ERROR "texture and sampler variables are declared without an address space"
var<private> no_type_no_init; // ERROR "variable 'no_type_no_init' needs a type or an initializer"
var<bogus> unknown_space: i32; // ERROR "unknown address space 'bogus' (want function, private, workgroup, uniform, storage or immediate)"

fn f() {
	var a: i32;
	var<function> b: i32 = 1;
	var c = 1.0;
	var d = pbuf[0];
	var<private> local_private: i32; // ERROR "function-scope variables must be in the function address space, not private"
	var<workgroup> local_workgroup: i32; // ERROR "function-scope variables must be in the function address space, not workgroup"
	var<function, read_write> local_access: i32; // ERROR "an access mode may only be written for the storage address space"
	var local_tex = tex; // ERROR "texture_2d<f32> can only be declared as a module-scope variable without an address space"
	var local_rt = pbuf; // ERROR "cannot load a value of type array<vec2<f32>> (it is not constructible)"
	var local_ptr = &a; // ERROR "a function variable's type must be constructible, not ptr<function, i32>"
	var no_type; // ERROR "variable 'no_type' needs a type or an initializer"
	_ = a + b;
	_ = c;
	_ = d;
}
