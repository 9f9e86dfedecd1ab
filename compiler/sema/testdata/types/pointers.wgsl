// Pointer types ptr<AS, T, AM>: access mode only written for storage; the type must be
// one a variable could have (spec "Reference and Pointer Types", "Address Spaces").

struct S { a: i32, b: array<f32, 4> }
struct U { a: i32, b: array<vec4f, 4> }
@group(0) @binding(0) var<storage, read_write> sbuf: S;
@group(0) @binding(1) var<storage> robuf: S;
@group(0) @binding(2) var<uniform> ubuf: U;
var<private> pvar: S;
var<workgroup> wvar: S;

alias PF = ptr<function, i32>;
alias PP = ptr<private, array<f32, 50>>;
alias PW = ptr<workgroup, S>;
alias PU = ptr<uniform, U>;
alias PS = ptr<storage, S>;
alias PSR = ptr<storage, S, read>;
alias PSRW = ptr<storage, S, read_write>;
alias PRT = ptr<storage, array<u32>, read_write>;

fn my_function(ptr_int: ptr<function, i32>, ptr_array: ptr<private, array<f32, 50>>) {}

fn forms() {
	var local = 1;
	let p1: PF = &local;
	let p2: PSRW = &sbuf;
	let p3: PS = &robuf;
	let p4: PU = &ubuf;
	let p5: ptr<private, S> = &pvar;
	let p6: ptr<workgroup, i32> = &wvar.a;
	let p7: ptr<storage, f32, read_write> = &sbuf.b[2];
	let wrong_access: PSR = &sbuf; // ERROR "cannot use a value of type ptr<storage, S, read_write> as ptr<storage, S> to initialize 'wrong_access'"
	let wrong_space: ptr<private, S> = &wvar; // ERROR "cannot use a value of type ptr<workgroup, S> as ptr<private, S> to initialize 'wrong_space'"
	let wrong_store: ptr<function, u32> = &local; // ERROR "cannot use a value of type ptr<function, i32> as ptr<function, u32> to initialize 'wrong_store'"
	_ = p1; _ = p2; _ = p3; _ = p4; _ = p5; _ = p6; _ = p7;
}

alias FnAccess = ptr<function, i32, read>; // ERROR "an access mode may only be written for the storage address space"
alias PrivAccess = ptr<private, i32, read_write>; // ERROR "an access mode may only be written for the storage address space"
alias UniformAccess = ptr<uniform, U, read>; // ERROR "an access mode may only be written for the storage address space"
alias StorageWrite = ptr<storage, i32, write>; // ERROR "storage pointers have access read or read_write, not write"
alias Handle = ptr<handle, i32>; // ERROR "the handle address space cannot be written in WGSL source"
alias NoStore = ptr<function>; // ERROR "'ptr' takes two or three template arguments: ptr<address_space, T[, access]>"
alias PtrToPtr = ptr<function, ptr<function, i32>>; // ERROR "pointer store type ptr<function, i32> is not storable"
alias PtrToTex = ptr<function, texture_2d<f32>>; // ERROR "texture_2d<f32> can only be declared as a module-scope variable without an address space"
alias FnRuntime = ptr<function, array<i32>>; // ERROR "a function variable's type must be constructible, not array<i32>"
alias UniformAtomic = ptr<uniform, atomic<u32>>; // ERROR "atomic types are only allowed in the storage and workgroup address spaces, not uniform"
alias PrivateAtomic = ptr<private, atomic<u32>>; // ERROR "atomic types are only allowed in the storage and workgroup address spaces, not private"
alias BadSpace = ptr<bogus, i32>; // ERROR "unknown address space 'bogus' (want function, private, workgroup, uniform, storage or immediate)"
