// primitive_index needs `enable primitive_index;` (spec "Enable Extensions").

@fragment fn fs(@builtin(primitive_index) i: u32) {} // ERRORx "primitive_index|enable|extension"
