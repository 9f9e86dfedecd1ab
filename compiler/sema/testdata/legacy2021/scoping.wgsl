// No shadowing: a declaration must not introduce a name already in scope (seed §2.7.1,
// v-0001); module-scope names are available only after their declaration and
// structures must be defined before use (seed §4.1, §4.2, v-0007).

const a : i32 = 1;
var<private> early : i32 = b; // ERROR "'b' is used before its declaration; the 2021 draft requires declaring names before they are used"
const b : i32 = 2;
var<private> s_early : Later; // ERROR "'Later' is used before its declaration; the 2021 draft requires declaring names before they are used"
struct Later {
  x : i32;
};

fn uses_later() -> void {
  called_later(); // ERROR "'called_later' is used before its declaration; the 2021 draft requires declaring names before they are used"
}
fn called_later() -> void { }

fn shadows_module() -> void {
  var a : i32 = 2; // ERROR "'a' is already declared at module scope; the 2021 draft does not allow shadowing"
}
fn shadows_local() -> void {
  var x : i32 = 1;
  if (x == 1) {
    var x : i32 = 2; // ERROR "'x' is already declared in an enclosing scope; the 2021 draft does not allow shadowing"
  }
}
fn shadows_param(p : i32) -> void {
  {
    var p : f32 = 1.0; // ERROR "'p' is already declared in an enclosing scope; the 2021 draft does not allow shadowing"
  }
}
fn shadows_builtin_function() -> void {
  var max : f32 = 1.0; // ERROR "'max' is a builtin function; the 2021 draft does not allow declaring the name again"
}
fn sequential_ok() -> void {
  { var t : i32 = 1; }
  { var t : f32 = 2.0; }
}

[[stage(compute)]]
fn main() -> void { }
