// @invariant only on the position built-in (spec "invariant").

struct VOut { @builtin(position) @invariant pos: vec4f, @location(0) c: vec4f }
@vertex fn vs() -> VOut { return VOut(); }
@vertex fn vs2() -> @builtin(position) @invariant vec4f { return vec4f(); }
@fragment fn fs(@builtin(position) @invariant p: vec4f) {}

struct OnLocation { @builtin(position) p: vec4f, @location(0) @invariant c: vec4f } // ERROR "@invariant applies only to @builtin(position)"
@vertex fn vs3() -> @location(0) @invariant vec4f { return vec4f(); } // ERROR "vertex entry point 'vs3' must return @builtin(position)" ERROR "@invariant applies only to @builtin(position)"
@fragment fn fs2(@builtin(front_facing) @invariant f: bool) {} // ERROR "@invariant applies only to @builtin(position)"
@vertex fn vs4() -> @builtin(position) @invariant(1) vec4f { return vec4f(); } // ERROR "attribute '@invariant' takes no arguments"
