// Color helpers a renderer shares between shaders: sRGB transfer functions, luminance and
// an 8-bit packing. colors_test.wgsl tests them on the CPU (go test ./examples/colors, or
// wgslc test colors.wgsl colors_test.wgsl).

// srgbToLinear is the sRGB electro-optical transfer function of one channel.
fn srgbToLinear(c: f32) -> f32 {
  if c <= 0.04045 {
    return c / 12.92;
  }
  return pow((c + 0.055) / 1.055, 2.4);
}

// linearToSrgb is its inverse.
fn linearToSrgb(c: f32) -> f32 {
  if c <= 0.0031308 {
    return c * 12.92;
  }
  return 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

// luminance is the relative luminance of a linear Rec. 709 color.
fn luminance(rgb: vec3f) -> f32 {
  return dot(rgb, vec3f(0.2126, 0.7152, 0.0722));
}

// packColor packs a linear color as 8-bit sRGB with linear alpha.
fn packColor(c: vec4f) -> u32 {
  let srgb = vec3f(linearToSrgb(c.r), linearToSrgb(c.g), linearToSrgb(c.b));
  return pack4x8unorm(vec4f(srgb, c.a));
}

// premultiply multiplies the color by its alpha, as blending with premultiplied alpha wants.
fn premultiply(c: vec4f) -> vec4f {
  return vec4f(c.rgb * c.a, c.a);
}
