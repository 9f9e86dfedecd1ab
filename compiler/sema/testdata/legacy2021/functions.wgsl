// Functions: non-void functions end with a return (v-0002), no recursion (v-0004),
// return comes last in its block (v-0029), constants cannot be re-assigned (v-0021)
// (seed §13).

fn ok(x : i32) -> i32 {
  if (x > 0) {
    return 1;
  }
  return 0;
}
fn no_return(x : i32) -> i32 { var y : i32 = x; } // ERROR "function 'no_return' must return a value of type i32 on every path"
fn self_call() -> void { self_call(); } // ERROR "recursion is not allowed: self_call -> self_call"
fn return_not_last() -> i32 {
  return 1;
  var dead : i32 = 2; // ERROR "statement after return: return must be the last statement of its block (v-0029)"
}
const k : i32 = 1;
fn reassign_const() -> void {
  const c : i32 = 1;
  c = 2; // ERROR "cannot assign to let 'c'; only variables (and parts of them) can be assigned"
  k = 3; // ERROR "cannot assign to const 'k'; only variables (and parts of them) can be assigned"
}
fn void_with_value() -> void {
  return 1; // ERROR "function 'void_with_value' does not return a value"
}
fn wrong_return_type() -> f32 {
  return 1; // ERROR "cannot use a value of type i32 as f32 as the return value"
}

[[stage(compute)]]
fn main() -> void { }
