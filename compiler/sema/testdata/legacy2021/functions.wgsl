// Functions: non-void functions end with a return (v-0002), no recursion (v-0004),
// return comes last in its block (v-0029), constants cannot be re-assigned (v-0021)
// (seed §13).

fn ok(x : i32) -> i32 {
  if (x > 0) {
    return 1;
  }
  return 0;
}
fn no_return(x : i32) -> i32 { var y : i32 = x; } // ERRORx "return"
fn self_call() -> void { self_call(); } // ERRORx "recurs|cycl"
fn return_not_last() -> i32 {
  return 1;
  var dead : i32 = 2; // ERRORx "return|last|unreachable"
}
const k : i32 = 1;
fn reassign_const() -> void {
  const c : i32 = 1;
  c = 2; // ERRORx "const|assign|immutable|not a reference"
  k = 3; // ERRORx "const|assign|immutable|not a reference"
}
fn void_with_value() -> void {
  return 1; // ERRORx "return|void|value"
}
fn wrong_return_type() -> f32 {
  return 1; // ERRORx "return|cannot|convert|mismatch|i32"
}

[[stage(compute)]]
fn main() -> void { }
