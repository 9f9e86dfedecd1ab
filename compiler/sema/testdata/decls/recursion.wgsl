// Functions must not be recursive, directly or indirectly (spec "Declaration and Scope").

fn self_call() { self_call(); } // ERRORx "recurs|cycl"
fn ping(n: i32) -> i32 { if (n > 0) { return pong(n - 1); } return 0; } fn pong(n: i32) -> i32 { return ping(n); } // ERRORx "recurs|cycl"
fn a() { b(); } fn b() { c(); } fn c() { a(); } // ERRORx "recurs|cycl"

// Calling a function declared later is fine.
fn early() -> i32 { return late(); }
fn late() -> i32 { return 1; }
