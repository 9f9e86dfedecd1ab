// Literals have concrete types in the 2021 draft: an integer literal is an i32 unless it
// ends in u, a floating point literal an f32 (seed §5.1, §17.2); there are no abstract
// numbers to convert implicitly.

const big : i32 = 2147483647;
const too_big : i32 = 2147483648; // ERROR "literal 2147483648 cannot be represented as i32 (the 2021 draft has no abstract integers; write 2147483648u for a u32)"
const big_u : u32 = 4294967295u;
const half : f32 = 0.5;
const mixed : f32 = 1.0 + 2; // ERROR "no matching overload for operator '+' with operands f32 and i32"
const bits : u32 = u32(-1);

fn f() -> void {
  var u : u32 = 1; // ERROR "cannot use a value of type i32 as u32 to initialize 'u'"
  var x : f32 = 2; // ERROR "cannot use a value of type i32 as f32 to initialize 'x'"
  var y : f32 = f32(2);
  var i : i32 = i32(2.5);
  var shifted : u32 = 1u << 3u;
  let inferred = 3;
  var check : u32 = inferred; // ERROR "cannot use a value of type i32 as u32 to initialize 'check'"
}

[[stage(compute)]]
fn main() -> void {
  f();
}
