// Behaviors of loops that return: a loop without break whose body may return or go
// on has behavior {Return}; loops with a condition or a conditional break add Next
// (spec "Statements Behavior Analysis", "Rules").

fn loop_returns_or_continues(c: bool) -> i32 { loop { if c { return 1; } } }
fn loop_with_continuing(c: bool) -> i32 { var i = 0; loop { if c { return i; } continuing { i++; } } }
fn nested_loops(c: bool) -> i32 { loop { loop { if c { return 1; } } } }
fn switch_in_loop(x: i32) -> i32 { loop { switch x { case 1 { return 1; } default { continue; } } } }
// A break in a switch leaves the switch, not the loop.
fn switch_break_in_loop(x: i32) -> i32 { loop { switch x { case 1 { break; } default { return 0; } } } }

fn while_true_returns() -> i32 { while true { return 1; } } // ERROR "function 'while_true_returns' must return a value of type i32 on every path"
fn for_with_condition_returns(n: i32) -> i32 { for (var i = 0; i < n; i++) { return i; } } // ERROR "function 'for_with_condition_returns' must return a value of type i32 on every path"
fn loop_break_if_returns(c: bool) -> i32 { loop { if c { return 1; } continuing { break if !c; } } } // ERROR "function 'loop_break_if_returns' must return a value of type i32 on every path"
