// @blend_src with dual_source_blending: on @location(0) members of a fragment output
// structure, both 0 and 1, of the same type (spec "blend_src", "Input-output
// Locations").
enable dual_source_blending;

struct Out { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }
@fragment fn fs() -> Out { return Out(); }

struct OnlyOne { @location(0) @blend_src(0) a: vec4f } // ERROR "structure 'OnlyOne' must have exactly two @location(0) members, @blend_src(0) and @blend_src(1), of the same type, and no other @location members"
struct WrongLocation { @location(1) @blend_src(0) a: vec4f, @location(1) @blend_src(1) b: vec4f } // ERROR "member 'a' with @blend_src must be at @location(0)"
struct BadIndex { @location(0) @blend_src(2) a: vec4f, @location(0) @blend_src(1) b: vec4f } // ERROR "@blend_src must be 0 or 1, got 2"
struct TypeMismatch { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4i } // ERROR "structure 'TypeMismatch' must have exactly two @location(0) members, @blend_src(0) and @blend_src(1), of the same type, and no other @location members"
struct NoLocation { @builtin(position) @blend_src(0) a: vec4f } // ERROR "@blend_src needs @location" ERROR "member 'a' with @blend_src must be at @location(0)"
struct ExtraLocation { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f, @location(1) c: vec4f } // ERROR "structure 'ExtraLocation' must have exactly two @location(0) members, @blend_src(0) and @blend_src(1), of the same type, and no other @location members"
@fragment fn on_param(@location(0) @blend_src(0) a: vec4f) {} // ERROR "attribute '@blend_src' is not valid on a parameter"
struct VOut { @builtin(position) p: vec4f, @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f } @vertex fn vs() -> VOut { return VOut(); } // ERROR "@blend_src is only valid on fragment outputs"
