// primitive_index needs `enable primitive_index;` (spec "Enable Extensions").

@fragment fn fs(@builtin(primitive_index) i: u32) {} // ERROR "primitive_index|enable|extension"
