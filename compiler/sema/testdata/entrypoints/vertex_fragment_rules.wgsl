// Vertex shaders return position; fragment shaders may return nothing; shader stage
// attributes only on functions (spec "Restrictions on Functions", "Shader Stage
// Attributes").

struct VOutNoPos { @location(0) c: vec4f }
@vertex fn vs_struct_without_position() -> VOutNoPos { return VOutNoPos(); } // ERROR "vertex entry point 'vs_struct_without_position' must return @builtin(position)"
@vertex fn vs_ok() -> @builtin(position) vec4f { return vec4f(); }
@fragment fn fs_ok() {}
@fragment fn fs_location_out() -> @location(0) vec4<i32> { return vec4i(); }
@fragment fn fs_two_stage_outputs() -> @location(7) vec2u { return vec2u(); }
@vertex fn vs_with_locations(@location(0) a: vec4f, @location(15) b: u32) -> @builtin(position) vec4f { return a + vec4(f32(b)); }
