// The private variables a shader statically accesses take at most 8192 bytes together (spec
// "Limits"): the variables named in the entry point and the functions it calls, each counted
// once, whichever way it is reached. Variables no shader uses do not count. The error is on
// the entry point, with a note per variable. Tint accepts all of it: Dawn, not Tint, checks
// such limits, at pipeline creation (tint_test.go lists the lines).

var<private> a: array<f32, 1024>;       // 4096 bytes
var<private> b: array<vec4f, 256>;      // 4096 bytes
var<private> c: vec3f;                  // 12 bytes
var<private> huge: array<vec4f, 60000>; // used by no shader: fine
struct Padded { x: f32, v: vec4f }      // 32 bytes: SizeOf counts the padding
var<private> padded: array<Padded, 128>; // 4096 bytes

fn uses_b() { b[0] = vec4f(); }
fn uses_a_and_b() { a[1] = 1.0; uses_b(); }
fn unused() { huge[0].x = 1.0; }

@compute @workgroup_size(1) fn at_limit() { a[0] = 1.0; uses_b(); uses_a_and_b(); }
@compute @workgroup_size(1) fn over_limit() { uses_a_and_b(); _ = c; } // ERROR "entry point 'over_limit' uses 8204 bytes of private variables; the limit is 8192"
@fragment fn fragment_over() -> @location(0) vec4f { return vec4f(padded[0].x + a[0] + c.x); } // ERROR "entry point 'fragment_over' uses 8204 bytes of private variables; the limit is 8192"
@vertex fn vertex_at_limit() -> @builtin(position) vec4f { return padded[1].v + b[0]; }
