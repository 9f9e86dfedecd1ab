// Entry points take no parameters and return void (v-0023, v-0024); workgroup_size
// applies to compute entry points only, each dimension at least 1 (seed §8.2, §8.2.1).

[[stage(compute), workgroup_size(8, 1, 1)]]
fn ok() -> void { }

[[stage(fragment)]]
fn with_param(x : f32) -> void { } // ERRORx "parameter|entry point"

[[stage(vertex)]]
fn with_return() -> i32 { return 1; } // ERRORx "void|return|entry point"

[[stage(fragment), workgroup_size(8)]] // ERRORx "workgroup_size|compute"
fn fragment_with_size() -> void { }

[[stage(compute), workgroup_size(0)]] // ERRORx "workgroup_size|positive|at least|zero"
fn zero_size() -> void { }

[[stage(pixel)]] // ERRORx "stage|pixel"
fn bad_stage() -> void { }
