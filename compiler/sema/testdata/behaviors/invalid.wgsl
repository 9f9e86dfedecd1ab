// Behaviors that make a function invalid: Next in a function with a return type,
// empty behaviors (loops that never exit), Break or Continue escaping the function
// (spec "Statements Behavior Analysis", "Rules").

fn missing_return() -> i32 { var a: i32 = 0; if a == 42 { return a; } } // ERRORx "return|missing|end"
fn empty_body() -> f32 { } // ERRORx "return|missing|end"
fn only_else_returns(b: bool) -> i32 { if b { } else { return 1; } } // ERRORx "return|missing|end"
fn loop_with_break() -> i32 { loop { if true { break; } return 1; } } // ERRORx "return|missing|end"
fn switch_no_return(x: i32) -> i32 { switch x { case 1 { return 1; } default { } } } // ERRORx "return|missing|end"
fn invalid_infinite_loop() { loop { } } // ERRORx "loop|exit|infinite|behavior"
fn invalid_infinite_loop_discard() { loop { discard; } } // ERRORx "loop|exit|infinite|behavior"
fn for_without_condition() { for (;;) { } } // ERRORx "loop|exit|infinite|behavior"
fn infinite_in_return_fn() -> i32 { loop { } } // ERRORx "loop|exit|infinite|behavior"
fn continuing_only() { var i = 0; loop { continuing { i++; } } } // ERRORx "loop|exit|infinite|behavior"
fn discard_is_next() -> i32 { discard; } // ERRORx "return|missing|end"
