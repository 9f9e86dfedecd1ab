// Class 2: @location(2147483648u) compiled to SPIR-V that spirv-val rejects for conflicting
// locations (location 0 and 2^31 collide in 32-bit component counts).
struct O { @builtin(position) p: vec4f, @location(2147483648u) a: f32, @location(0) b: f32 }
@vertex fn main() -> O { return O(); }
