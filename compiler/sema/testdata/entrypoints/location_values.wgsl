// @location takes a non-negative i32 or u32 const-expression (spec "location").

const base = 2;
@fragment fn ok(@location(0u) a: f32, @location(base) b: f32, @location(base + 1) c: vec2f, @location(0x7) d: vec4f) -> @location(1i) vec4f { return vec4f(); }

@fragment fn float_location(@location(1.0) a: f32) {} // ERROR "attribute '@location' needs an integer argument, not AbstractFloat" ERROR "entry point input 'a' needs @location or @builtin"
override ov = 1;
@fragment fn override_location(@location(ov) a: f32) {} // ERROR "attribute '@location' needs a const-expression argument" ERROR "entry point input 'a' needs @location or @builtin"
@fragment fn bool_location(@location(true) a: f32) {} // ERROR "attribute '@location' needs an integer argument, not bool" ERROR "entry point input 'a' needs @location or @builtin"
@fragment fn two_args(@location(1, 2) a: f32) {} // ERROR "attribute '@location' takes exactly one argument" ERROR "entry point input 'a' needs @location or @builtin"
