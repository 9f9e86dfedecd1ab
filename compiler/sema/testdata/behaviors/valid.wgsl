// Functions whose bodies have valid behaviors (spec "Statements Behavior Analysis").

fn all_branches(b: bool) -> i32 { if b { return 1; } else { return 2; } }
fn else_if(x: i32) -> i32 { if x > 0 { return 1; } else if x < 0 { return -1; } else { return 0; } }
fn switch_all(x: i32) -> i32 { switch x { case 1 { return 1; } default { return 0; } } }
fn loop_returns() -> i32 { loop { return 1; } }
fn loop_return_or_continue(x: i32) -> i32 { var i = x; loop { if i > 3 { return i; } i++; } }
fn while_true() { while true { } }
fn for_with_condition() { for (var i = 0; i < 3; i++) { } }
fn break_if_exits() { var i = 0; loop { continuing { i++; break if i > 3; } } }
fn nested_blocks() -> vec2f { { { return vec2f(); } } }
fn call_that_returns_nothing() { helper(); }
fn helper() {}
fn switch_break(x: i32) -> i32 { switch x { case 0 { break; } default { } } return x; }
