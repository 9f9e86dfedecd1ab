// @blend_src with dual_source_blending: on @location(0) members of a fragment output
// structure, both 0 and 1, of the same type (spec "blend_src", "Input-output
// Locations").
enable dual_source_blending;

struct Out { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }
@fragment fn fs() -> Out { return Out(); }

struct OnlyOne { @location(0) @blend_src(0) a: vec4f } // ERRORx "blend_src|both|two|1|exactly"
struct WrongLocation { @location(1) @blend_src(0) a: vec4f, @location(1) @blend_src(1) b: vec4f } // ERRORx "blend_src|location|0"
struct BadIndex { @location(0) @blend_src(2) a: vec4f, @location(0) @blend_src(1) b: vec4f } // ERRORx "blend_src|0|1|range"
struct TypeMismatch { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4i } // ERRORx "blend_src|type|same"
struct NoLocation { @builtin(position) @blend_src(0) a: vec4f } // ERRORx "blend_src|location"
struct ExtraLocation { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f, @location(1) c: vec4f } // ERRORx "blend_src|location|exactly|two"
@fragment fn on_param(@location(0) @blend_src(0) a: vec4f) {} // ERRORx "blend_src|input|struct"
struct VOut { @builtin(position) p: vec4f, @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f } @vertex fn vs() -> VOut { return VOut(); } // ERRORx "blend_src|vertex|fragment"
