// Functions must not be recursive, directly or indirectly (spec "Declaration and Scope").

fn self_call() { self_call(); } // ERROR "recursion is not allowed: self_call -> self_call"
fn ping(n: i32) -> i32 { if (n > 0) { return pong(n - 1); } return 0; } fn pong(n: i32) -> i32 { return ping(n); } // ERROR "recursion is not allowed: ping -> pong -> ping"
fn a() { b(); } fn b() { c(); } fn c() { a(); } // ERROR "recursion is not allowed: a -> b -> c -> a"

// Calling a function declared later is fine.
fn early() -> i32 { return late(); }
fn late() -> i32 { return 1; }
