// @blend_src needs `enable dual_source_blending;` (spec "Enable Extensions").

struct Out { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f } // ERROR "@blend_src requires 'enable dual_source_blending;'"
