// Compute entry points: @workgroup_size required, no return value, no user-defined IO
// (spec "workgroup_size", "User-defined Inputs and Outputs").

@compute @workgroup_size(1) fn ok(@builtin(local_invocation_index) i: u32) {}
struct WithLocation { @location(0) a: f32 } @compute @workgroup_size(1) fn struct_location(in: WithLocation) {} // ERROR "compute entry points have no @location inputs or outputs"
@compute @workgroup_size(1) fn returns_value() -> u32 { return 0u; } // ERROR "entry point output 'return value' needs @location or @builtin"
@compute @workgroup_size(1) fn returns_builtin() -> @builtin(position) vec4f { return vec4f(); } // ERROR "@builtin(position) cannot be a compute output"
