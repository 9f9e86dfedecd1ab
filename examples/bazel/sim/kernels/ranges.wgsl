// The range a host maps its values into before a histogram: a uniform block the host fills,
// and no entry point, so no SPIR-V (Gazelle lists the file in its target's no_spirv). The Go
// package gets its Range type and its constants.

struct Range {
  lo: f32,
  hi: f32,
  scale: vec2<f32>,
}

@group(0) @binding(2) var<uniform> range: Range;

const bin_count: u32 = 16u;
