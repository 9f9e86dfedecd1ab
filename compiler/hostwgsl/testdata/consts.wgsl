// Consts and abstract numbers, which naga 0.19 and gogpu/naga read as values of their types:
// function-scope consts, abstract values that fit no concrete type, a u32 switch on abstract
// case values, aliases used before their declaration, -0.0 and the most negative i32.
alias Vec = Pair;
alias Pair = vec2<f32>;

const big = 0x10000000000;
const half = 0.5;
const modeA = 1;
const modeB = 2;
const table = array(3, 1, 4, 1, 5, 9, 2, 6);
const zeros = array<vec3f, 20>();
const_assert big > 0;

var<private> counter = 7u;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;
@group(0) @binding(1) var<storage, read> input: array<u32, 8>;

fn pick(mode: u32) -> f32 {
  switch mode {
    case modeA: { return half; }
    case modeB, 3: { return -0.0; }
    default: { return f32(big / 0x100000000); }
  }
}

@compute @workgroup_size(1)
fn main() {
  const local = modeB * 2;
  const scale = 2.5;
  const pos = array(vec2(0.0, 1.0), vec2(1.0, 0.0), vec2(-1.0, -1.0));
  var<function> v: Vec = Pair(scale, half);
  _ = big * 1000;
  let i = input[0] % 3u;
  let p = pos[i] * scale + v;
  out[0] = bitcast<u32>(p.x);
  out[1] = bitcast<u32>(p.y);
  out[2] = u32(local) + counter;
  out[3] = bitcast<u32>(pick(input[1] % 4u));
  out[4] = bitcast<u32>(i32(-2147483647 - 1) + i32(input[4] % 2u));
  out[5] = u32(table[input[2] % 8u] + table[3]);
  out[6] = bitcast<u32>(zeros[input[3] % 20u].y);
  out[7] = bitcast<u32>(1.0 / pick(2u));
}
