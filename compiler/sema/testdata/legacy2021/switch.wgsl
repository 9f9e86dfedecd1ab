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
  switch (x) { // ERROR "switch must have a default clause"
    case 1: { }
  }
  switch (x) {
    default: { }
    default: { } // ERROR "switch has more than one default clause"
  }
  switch (y) { // ERROR "switch selector must be i32 or u32, not f32"
    default: { }
  }
  switch (x) {
    case 1u: { } // ERROR "case selector of type u32 does not match the switch selector type i32"
    default: { }
  }
  switch (x) {
    case 2: { }
    case 2: { } // ERROR "duplicate case selector value 2i"
    default: { }
  }
  switch (x) {
    case 3: { }
    default: {
      fallthrough; // ERROR "fallthrough must be the last statement of a case clause, and not of the last clause (v-0028)"
    }
  }
}

[[stage(compute)]]
fn main() -> void { }
