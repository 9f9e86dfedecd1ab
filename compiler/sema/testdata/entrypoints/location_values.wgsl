// @location takes a non-negative i32 or u32 const-expression (spec "location").

const base = 2;
@fragment fn ok(@location(0u) a: f32, @location(base) b: f32, @location(base + 1) c: vec2f, @location(0x7) d: vec4f) -> @location(1i) vec4f { return vec4f(); }

@fragment fn float_location(@location(1.0) a: f32) {} // ERRORx "location|integer|i32|u32"
override ov = 1;
@fragment fn override_location(@location(ov) a: f32) {} // ERRORx "location|const"
@fragment fn bool_location(@location(true) a: f32) {} // ERRORx "location|integer|i32|u32"
@fragment fn two_args(@location(1, 2) a: f32) {} // ERRORx "location|argument|expected"
