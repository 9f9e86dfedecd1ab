// Switch statements: exactly one default (v-0008), scalar integer selector (v-0025),
// case values of the selector's type (v-0026), each at most once (v-0027), no
// fallthrough at the end of the last clause (v-0028) (seed §6.2.3, §13).

fn f(x : i32, u : u32, y : f32) -> void {
  switch (x) {
    case 0, 1: {
      fallthrough;
    }
    default: {
      break;
    }
  }
  switch (u) {
    case 1u: { }
    default: { }
  }
  switch (x) { // ERRORx "default"
    case 1: { }
  }
  switch (x) {
    default: { }
    default: { } // ERRORx "default"
  }
  switch (y) { // ERRORx "selector|integer|f32"
    default: { }
  }
  switch (x) {
    case 1u: { } // ERRORx "type|u32|i32|mismatch"
    default: { }
  }
  switch (x) {
    case 2: { }
    case 2: { } // ERRORx "duplicate|same value|already|2"
    default: { }
  }
  switch (x) {
    case 3: { }
    default: {
      fallthrough; // ERRORx "fallthrough|last"
    }
  }
}

[[stage(compute)]]
fn main() -> void { }
