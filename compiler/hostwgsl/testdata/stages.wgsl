// What only filters diagnostics or only constrains a vertex choice: diagnostic directives
// and attributes, @must_use, @interpolate(flat, either); and functions that end in a loop
// that returns, where naga wants a return at the end.
diagnostic(off, derivative_uniformity);

struct Varyings {
  @builtin(position) position: vec4f,
  @location(0) @interpolate(flat, either) id: u32,
  @location(1) @interpolate(flat, first) other: u32,
  @location(2) uv: vec2f,
}

@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var smp: sampler;

@must_use
fn find(n: u32) -> u32 {
  var i = 0u;
  loop {
    if i * i >= n { return i; }
    i++;
  }
}

@vertex
fn vs(@builtin(vertex_index) v: u32) -> Varyings {
  let corner = vec2f(f32(v & 1u), f32(v >> 1u));
  return Varyings(vec4f(corner * 2.0 - 1.0, 0.0, 1.0), find(v * 7u), v, corner);
}

@fragment
fn fs(in: Varyings) -> @location(0) vec4f {
  if in.id == 0u {
    return vec4f(0.0);
  }
  @diagnostic(off, derivative_uniformity) {
    return textureSample(image, smp, in.uv) * f32(in.other);
  }
}
