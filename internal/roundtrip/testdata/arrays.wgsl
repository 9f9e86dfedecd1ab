// Arrays: of vec3 (stride 16), of scalars (stride 4 in storage), of vec2, of matrices, of
// arrays, and of structures, in storage; arrays with 16-byte strides in a uniform buffer.

struct Cell { id: u32, dir: vec3<f32> }  // dir at 16; size 32

struct Arrs {
  p: array<vec3<f32>, 3>,               // offset 0, stride 16
  q: f32,                               // 48
  ids: array<vec3<u32>, 2>,             // 64
  w: array<f32, 5>,                     // 96, stride 4
  h: array<vec2<i32>, 3>,               // 120, stride 8
  rot: array<mat3x3<f32>, 2>,           // 144, stride 48
  grid: array<array<vec3<i32>, 2>, 2>,  // 240, strides 32 and 16
  cells: array<Cell, 2>,                // 304, stride 32
  tail: u32,                            // 368; size 384
}

struct UArrs {
  p: array<vec3<f32>, 3>,    // offset 0, stride 16
  q: f32,                    // 48
  v: array<vec4<u32>, 2>,    // 64
  cells: array<Cell, 2>,     // 96
  r: vec2<i32>,              // 160; size 176
}

@group(0) @binding(0) var<storage, read> s_in: Arrs;
@group(0) @binding(1) var<storage, read_write> s_out: Arrs;
@group(0) @binding(2) var<uniform> u_in: UArrs;
@group(0) @binding(3) var<storage, read_write> u_out: UArrs;

fn cell(c: Cell) -> Cell { return Cell(c.id * 2u + 1u, c.dir * 2.0 + 1.0); }

@compute @workgroup_size(1)
fn main() {
  for (var i = 0; i < 3; i++) {
    s_out.p[i] = s_in.p[i] * 2.0 + 1.0;
    s_out.h[i] = s_in.h[i] * 2 + 1;
  }
  s_out.q = s_in.q * 2.0 + 1.0;
  for (var i = 0u; i < 2u; i++) {
    s_out.ids[i] = s_in.ids[i] * 2u + 1u;
    s_out.rot[i] = s_in.rot[i] * 2.0 + mat3x3<f32>(vec3(1.0), vec3(1.0), vec3(1.0));
    for (var j = 0u; j < 2u; j++) {
      s_out.grid[i][j] = s_in.grid[i][j] * 2 + 1;
    }
    s_out.cells[i] = cell(s_in.cells[i]);
  }
  var w = s_in.w;
  for (var i = 0; i < 5; i++) {
    w[i] = w[i] * 2.0 + 1.0;
  }
  s_out.w = w;
  s_out.tail = s_in.tail * 2u + 1u;

  var u = u_in;
  for (var i = 0; i < 3; i++) {
    u.p[i] = u.p[i] * 2.0 + 1.0;
  }
  u.q = u.q * 2.0 + 1.0;
  u.v[0] = u.v[0] * 2u + 1u;
  u.v[1] = u.v[1] * 2u + 1u;
  u.cells[0] = cell(u.cells[0]);
  u.cells[1] = cell(u.cells[1]);
  u.r = u.r * 2 + 1;
  u_out = u;
}
