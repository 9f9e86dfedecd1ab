// Without `enable f16;`, f16 must not be used directly or indirectly (spec "Enable
// Extensions", "Floating Point Types").

alias H = f16; // ERRORx "f16"
var<private> a: f16; // ERRORx "f16"
var<private> b: vec2<f16>; // ERRORx "f16"
var<private> c: vec3h; // ERRORx "f16|vec3h"
var<private> d: mat2x2h; // ERRORx "f16|mat2x2h"
const e = 1.0h; // ERRORx "f16"
const g = 1h; // ERRORx "f16"
struct S { m: f16 } // ERRORx "f16"
fn f(x: f16) {} // ERRORx "f16"
fn g2() -> f16 { return 1; } // ERRORx "f16"
fn g3() { let x = f16(1); } // ERRORx "f16"
fn g4() { let x = vec4<f16>(); } // ERRORx "f16"
