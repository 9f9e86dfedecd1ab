// The builtin functions some compilers lack, over many bit patterns: quantizeToF16 and the
// packed 4x8 integer functions (naga 0.19), all and any (gogpu/naga writes no SPIR-V for
// them).
requires packed_4x8_integer_dot_product;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 1024>;
@group(0) @binding(1) var<storage, read> input: array<u32, 8>;

fn hash(x: u32) -> u32 {
  var h = x * 0x9e3779b9u + input[0];
  h ^= h >> 15u;
  return h * 0x85ebca6bu;
}

@compute @workgroup_size(1)
fn main() {
  for (var k = 0u; k < 100u; k++) {
    let a = hash(k);
    let b = hash(a);
    let f = f32(i32(a >> 12u) - 0x80000) / 64.0;
    var o = k * 10u;
    out[o] = dot4U8Packed(a, b);
    out[o + 1u] = bitcast<u32>(dot4I8Packed(a, b));
    out[o + 2u] = pack4xU8(unpack4xU8(a) + vec4u(k)) ^ pack4xI8(unpack4xI8(b));
    out[o + 3u] = pack4xU8Clamp(vec4u(a, b, k * 3u, a >> 24u)) ^ pack4xI8Clamp(vec4i(i32(a), -i32(b), i32(k) - 200, 3));
    out[o + 4u] = bitcast<u32>(quantizeToF16(f));
    out[o + 5u] = bitcast<u32>(quantizeToF16(vec2f(f, -f)).y + quantizeToF16(vec3f(f, 1.0, f / 3.0)).z);
    out[o + 6u] = bitcast<u32>(quantizeToF16(vec4f(f, f * 2.0, f * 4.0, f / 7.0)).w);
    let m = vec4u(a, b, k, a ^ b) % vec4u(3u) == vec4u(0u);
    out[o + 7u] = u32(all(m)) + 2u * u32(any(m)) + 4u * u32(all(m.xy)) + 8u * u32(any(m.yzw));
  }
}
