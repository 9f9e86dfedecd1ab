// No shadowing: a declaration must not introduce a name already in scope (seed §2.7.1,
// v-0001); module-scope names are available only after their declaration and
// structures must be defined before use (seed §4.1, §4.2, v-0007).

const a : i32 = 1;
var<private> early : i32 = b; // ERRORx "unresolved|undeclared|not declared|before"
const b : i32 = 2;
var<private> s_early : Later; // ERRORx "unresolved|undeclared|not declared|before"
struct Later {
  x : i32;
};

fn uses_later() -> void {
  called_later(); // ERRORx "unresolved|undeclared|not declared|before"
}
fn called_later() -> void { }

fn shadows_module() -> void {
  var a : i32 = 2; // ERRORx "shadow|already|redecl|in scope"
}
fn shadows_local() -> void {
  var x : i32 = 1;
  if (x == 1) {
    var x : i32 = 2; // ERRORx "shadow|already|redecl|in scope"
  }
}
fn shadows_param(p : i32) -> void {
  {
    var p : f32 = 1.0; // ERRORx "shadow|already|redecl|in scope"
  }
}
fn shadows_builtin_function() -> void {
  var max : f32 = 1.0; // ERRORx "shadow|already|redecl|in scope|built-in|builtin"
}
fn sequential_ok() -> void {
  { var t : i32 = 1; }
  { var t : f32 = 2.0; }
}

[[stage(compute)]]
fn main() -> void { }
