// Entry points take no parameters and return void (v-0023, v-0024); workgroup_size
// applies to compute entry points only, each dimension at least 1 (seed §8.2, §8.2.1).

[[stage(compute), workgroup_size(8, 1, 1)]]
fn ok() -> void { }

[[stage(fragment)]]
fn with_param(x : f32) -> void { } // ERROR "entry point input 'x' needs @location or @builtin"

[[stage(vertex)]]
fn with_return() -> i32 { return 1; } // ERROR "entry point output 'return value' needs @location or @builtin"

[[stage(fragment), workgroup_size(8)]] // ERROR "@workgroup_size applies only to compute entry points"
fn fragment_with_size() -> void { }

[[stage(compute), workgroup_size(0)]] // ERROR "@workgroup_size must be at least 1, got 0"
fn zero_size() -> void { }

[[stage(pixel)]] // ERROR "unknown shader stage 'pixel'"
fn bad_stage() -> void { }
