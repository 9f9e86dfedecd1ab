// @builtin takes a built-in value name (spec "builtin", "Built-in Value Names").

@fragment fn ok(@builtin(position) p: vec4f) {}
@fragment fn number(@builtin(1) p: vec4f) {} // ERRORx "builtin|name|position"
@fragment fn unknown(@builtin(pixel) p: vec4f) {} // ERRORx "builtin|pixel|unknown"
@fragment fn two(@builtin(position, front_facing) p: vec4f) {} // ERRORx "builtin|argument|front_facing|depth"
const position = 1;
@fragment fn shadowed_name_still_builtin(@builtin(position) p: vec4f) {}
