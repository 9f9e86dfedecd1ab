// @builtin takes a built-in value name (spec "builtin", "Built-in Value Names").

@fragment fn ok(@builtin(position) p: vec4f) {}
@fragment fn number(@builtin(1) p: vec4f) {} // ERROR "expected a name as argument 1 of '@builtin'" ERROR "entry point input 'p' needs @location or @builtin"
@fragment fn unknown(@builtin(pixel) p: vec4f) {} // ERROR "unknown builtin value 'pixel'" ERROR "entry point input 'p' needs @location or @builtin"
@fragment fn two(@builtin(position, front_facing) p: vec4f) {} // ERROR "only @builtin(frag_depth) takes a depth mode"
const position = 1;
@fragment fn shadowed_name_still_builtin(@builtin(position) p: vec4f) {}
