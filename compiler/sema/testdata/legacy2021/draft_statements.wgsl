// Statements of the 2021 draft: a continuing block may end in `if (c) { break; }` or
// `if (c) {} else { break; }`, and no other break (seed §6.2.6); `break if` also appears in
// the draft's loop bodies; fallthrough ends a case clause other than the last (§6.2.3);
// return is last in its block (v-0029).

fn f(x : i32) -> i32 {
  var i : i32 = 0;
  loop {
    i = i + 1;
    continuing {
      if (i > x) { break; }
    }
  }
  loop {
    i = i + 1;
    continuing {
      if (i < 10) {} else { break; }
    }
  }
  loop {
    break if (i > 20);
    i = i + 1;
  }
  loop {
    i = i + 1;
    continuing {
      if (i > 30) { break; } else { i = i + 1; } // ERROR "break cannot leave a continuing block; use 'break if' at its end"
    }
  }
  switch (x) {
    case 1: {
      i = 2;
      fallthrough;
    }
    case 2: {
      i = i + 3;
    }
    default: {
    }
  }
  if (x > 3) {
    return i;
    i = 0; // ERROR "statement after return: return must be the last statement of its block (v-0029)"
  }
  return i;
}

[[stage(compute)]]
fn main() -> void {
  var r : i32 = f(1);
}
