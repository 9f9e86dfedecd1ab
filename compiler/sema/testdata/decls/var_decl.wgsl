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

var no_address_space: i32; // ERRORx "address space"
@group(1) @binding(9) var no_space_buffer: i32; // ERRORx "e.g. var<uniform> or var<storage>"
var<function> module_function: i32; // ERRORx "function|address space|module"
var<workgroup> wg_init: i32 = 1; // ERRORx "initializ"
@group(1) @binding(0) var<storage> storage_init: i32 = 1; // ERRORx "initializ"
@group(1) @binding(1) var<uniform> uniform_init: Params = Params(); // ERRORx "initializ"
@group(1) @binding(2) var<handle> explicit_handle: sampler; // ERRORx "handle|address space|unresolved"
var<private, read_write> private_access: i32; // ERRORx "access"
var<workgroup, read> workgroup_access: i32; // ERRORx "access"
@group(1) @binding(3) var<uniform, read> uniform_access: Params; // ERRORx "access"
@group(1) @binding(4) var<storage, write> storage_write: i32; // ERRORx "access|write"
var<private> private_runtime: array<i32>; // ERRORx "runtime|private|storage"
var<private> private_init_type: i32 = 1u; // ERRORx "cannot|convert|mismatch"
var<private> private_init_var: i32 = decibels_i; // ERRORx "override|const|var"
var<private> decibels_i: i32;
@group(1) @binding(5) var<private> private_tex: texture_2d<f32>; // ERRORx "texture|private|handle|address space"
var<private> no_type_no_init; // ERRORx "type|initializ"
var<bogus> unknown_space: i32; // ERRORx "bogus|address space|unresolved"

fn f() {
	var a: i32;
	var<function> b: i32 = 1;
	var c = 1.0;
	var d = pbuf[0];
	var<private> local_private: i32; // ERRORx "private|module|function"
	var<workgroup> local_workgroup: i32; // ERRORx "workgroup|module|function"
	var<function, read_write> local_access: i32; // ERRORx "access"
	var local_tex = tex; // ERRORx "texture|storable|construct"
	var local_rt = pbuf; // ERRORx "runtime|storable|construct|array"
	var local_ptr = &a; // ERRORx "pointer|storable|construct"
	var no_type; // ERRORx "type|initializ"
	_ = a + b;
	_ = c;
	_ = d;
}
