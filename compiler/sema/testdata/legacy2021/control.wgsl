// break only in loops and switches (v-0009); continue only in loops (v-0010)
// (seed §6.2.6, §6.2.7, §13).

fn f(x : i32) -> void {
  loop {
    if (x > 1) { break; }
    if (x > 2) { continue; }
    break;
  }
  for (var i : i32 = 0; i < 4; i = i + 1) {
    if (i == x) { continue; }
  }
  switch (x) {
    default: { break; }
  }
  if (x > 3) {
  } elseif (x > 4) {
  } else {
  }
  if (x > 0) {
    break; // ERROR "break must be inside a loop or switch"
  }
  if (x > 5) {
    continue; // ERROR "continue must be inside a loop"
  }
}

fn condition_type(x : i32) -> void {
  if (x) { } // ERROR "if condition must be bool, not i32"
}

[[stage(compute)]]
fn main() -> void { }
