// primitive_index needs `enable primitive_index;` (spec "Enable Extensions").

@fragment fn fs(@builtin(primitive_index) i: u32) {} // ERROR "@builtin(primitive_index) requires 'enable primitive_index;'"
