// The 2021 draft's type rules: literals are i32, u32 or f32 with no implicit
// conversions; vectors of scalars; matrices of f32; arrays need a constant size; void
// only as a return type (seed §2.3, §3.2, §3.3).

fn f() -> void {
  var i : i32 = 1;
  var u : u32 = 1u;
  var x : f32 = 1.0;
  var v : vec3<f32> = vec3<f32>(1.0, 2.0, 3.0);
  var m : mat2x3<f32> = mat2x3<f32>(v, v);
  var a : array<i32, 4>;
  var b : bool = true;
  var u_from_int : u32 = 1; // ERRORx "cannot|convert|mismatch|i32|u32"
  var f_from_int : f32 = 1; // ERRORx "cannot|convert|mismatch|i32|f32"
  var int_mat : mat2x2<i32>; // ERRORx "f32|float|mat"
  var nested : vec2<vec2<f32>>; // ERRORx "scalar|vec"
  var mixed : f32 = x + i; // ERRORx "no matching|overload|operator|mismatch|cannot"
  var v_void : void; // ERRORx "void"
}

[[stage(compute)]]
fn main() -> void { }
