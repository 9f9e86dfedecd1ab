// Behaviors that make a function invalid: Next in a function with a return type,
// empty behaviors (loops that never exit), Break or Continue escaping the function
// (spec "Statements Behavior Analysis", "Rules").

fn missing_return() -> i32 { var a: i32 = 0; if a == 42 { return a; } } // ERROR "function 'missing_return' must return a value of type i32 on every path"
fn empty_body() -> f32 { } // ERROR "function 'empty_body' must return a value of type f32 on every path"
fn only_else_returns(b: bool) -> i32 { if b { } else { return 1; } } // ERROR "function 'only_else_returns' must return a value of type i32 on every path"
fn loop_with_break() -> i32 { loop { if true { break; } return 1; } } // ERROR "function 'loop_with_break' must return a value of type i32 on every path"
fn switch_no_return(x: i32) -> i32 { switch x { case 1 { return 1; } default { } } } // ERROR "function 'switch_no_return' must return a value of type i32 on every path"
fn invalid_infinite_loop() { loop { } } // ERROR "loop never exits: add a break, a 'break if' or a return"
fn invalid_infinite_loop_discard() { loop { discard; } } // ERROR "loop never exits: add a break, a 'break if' or a return"
fn for_without_condition() { for (;;) { } } // ERROR "loop never exits: add a break, a 'break if' or a return"
fn infinite_in_return_fn() -> i32 { loop { } } // ERROR "loop never exits: add a break, a 'break if' or a return" ERROR "function 'infinite_in_return_fn' must return a value of type i32 on every path"
fn continuing_only() { var i = 0; loop { continuing { i++; } } } // ERROR "loop never exits: add a break, a 'break if' or a return"
fn discard_is_next() -> i32 { discard; } // ERROR "function 'discard_is_next' must return a value of type i32 on every path"
