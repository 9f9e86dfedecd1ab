// Without `enable f16;`, f16 must not be used directly or indirectly (spec "Enable
// Extensions", "Floating Point Types").

alias H = f16; // ERROR "type 'f16' requires 'enable f16;'"
var<private> a: f16; // ERROR "type 'f16' requires 'enable f16;'"
var<private> b: vec2<f16>; // ERROR "type 'f16' requires 'enable f16;'"
var<private> c: vec3h; // ERROR "type 'vec3h' requires 'enable f16;'"
var<private> d: mat2x2h; // ERROR "type 'mat2x2h' requires 'enable f16;'"
const e = 1.0h; // ERROR "f16 literal '1.0h' requires 'enable f16;'"
const g = 1h; // ERROR "f16 literal '1h' requires 'enable f16;'"
struct S { m: f16 } // ERROR "type 'f16' requires 'enable f16;'"
fn f(x: f16) {} // ERROR "type 'f16' requires 'enable f16;'"
fn g2() -> f16 { return 1; } // ERROR "type 'f16' requires 'enable f16;'"
fn g3() { let x = f16(1); } // ERROR "type 'f16' requires 'enable f16;'" ERROR "f16(AbstractInt) uses f16, which needs 'enable f16;'"
fn g4() { let x = vec4<f16>(); } // ERROR "vec4<f16>() uses f16, which needs 'enable f16;'" ERROR "type 'f16' requires 'enable f16;'"
