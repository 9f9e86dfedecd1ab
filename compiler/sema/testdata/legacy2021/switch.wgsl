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
  switch (x) { // ERROR "default"
    case 1: { }
  }
  switch (x) {
    default: { }
    default: { } // ERROR "default"
  }
  switch (y) { // ERROR "selector|integer|f32"
    default: { }
  }
  switch (x) {
    case 1u: { } // ERROR "type|u32|i32|mismatch"
    default: { }
  }
  switch (x) {
    case 2: { }
    case 2: { } // ERROR "duplicate|same value|already|2"
    default: { }
  }
  switch (x) {
    case 3: { }
    default: {
      fallthrough; // ERROR "fallthrough|last"
    }
  }
}

[[stage(compute)]]
fn main() -> void { }
