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
	let wrong_access: PSR = &sbuf; // ERRORx "cannot|mismatch|convert"
	let wrong_space: ptr<private, S> = &wvar; // ERRORx "cannot|mismatch|convert"
	let wrong_store: ptr<function, u32> = &local; // ERRORx "cannot|mismatch|convert"
	_ = p1; _ = p2; _ = p3; _ = p4; _ = p5; _ = p6; _ = p7;
}

alias FnAccess = ptr<function, i32, read>; // ERRORx "access"
alias PrivAccess = ptr<private, i32, read_write>; // ERRORx "access"
alias UniformAccess = ptr<uniform, U, read>; // ERRORx "access"
alias StorageWrite = ptr<storage, i32, write>; // ERRORx "access|write"
alias Handle = ptr<handle, i32>; // ERRORx "handle|address space|unresolved"
alias NoStore = ptr<function>; // ERRORx "template|argument|store type"
alias PtrToPtr = ptr<function, ptr<function, i32>>; // ERRORx "storable|pointer|ptr"
alias PtrToTex = ptr<function, texture_2d<f32>>; // ERRORx "storable|texture|function|handle"
alias FnRuntime = ptr<function, array<i32>>; // ERRORx "runtime|function|storable"
alias UniformAtomic = ptr<uniform, atomic<u32>>; // ERRORx "atomic|uniform|constructible"
alias PrivateAtomic = ptr<private, atomic<u32>>; // ERRORx "atomic|private"
alias BadSpace = ptr<bogus, i32>; // ERRORx "bogus|address space|unresolved"
