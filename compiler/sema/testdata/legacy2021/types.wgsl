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
  var u_from_int : u32 = 1; // ERROR "cannot use a value of type i32 as u32 to initialize 'u_from_int'"
  var f_from_int : f32 = 1; // ERROR "cannot use a value of type i32 as f32 to initialize 'f_from_int'"
  var int_mat : mat2x2<i32>; // ERROR "matrix component type must be f32 or f16, not i32"
  var nested : vec2<vec2<f32>>; // ERROR "vector component type must be a scalar (bool, i32, u32, f32 or f16), not vec2<f32>"
  var mixed : f32 = x + i; // ERROR "no matching overload for operator '+' with operands f32 and i32"
  var v_void : void; // ERROR "unresolved type 'void'"
}

[[stage(compute)]]
fn main() -> void { }
