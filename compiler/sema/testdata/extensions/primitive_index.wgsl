// primitive_index: a u32 fragment input with the primitive_index extension
// (spec "primitive_index").
enable primitive_index;

@fragment fn fs(@builtin(primitive_index) i: u32) -> @location(0) vec4f { return vec4(f32(i)); }
@fragment fn fs_type(@builtin(primitive_index) i: i32) {} // ERROR "@builtin(primitive_index) needs type u32, not i32"
@vertex fn vs(@builtin(primitive_index) i: u32) -> @builtin(position) vec4f { return vec4f(); } // ERROR "@builtin(primitive_index) cannot be a vertex input"
