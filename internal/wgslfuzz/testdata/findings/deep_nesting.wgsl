// Found by the fuzzer (a line of the 127-deep brace fixture deleted): constructs nested 40
// deep that leave by a return made the passes take time exponential in the depth.
fn f(c: bool) -> i32 { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { if c { return 1; }}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}} return 2; }
fn g(c: bool) -> i32 { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { loop { if c { return 1; } else { return 3; } }}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}} }
@group(0) @binding(0) var<storage, read_write> o: i32;
@compute @workgroup_size(1) fn main() { o = f(o > 0) + g(o > 1); }
