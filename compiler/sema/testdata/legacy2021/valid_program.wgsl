// The 2021 draft's own examples, assembled into one valid module (seed §1, §3.3.8,
// §3.7, §4.1, §4.2, §4.3, §8.2, §14).

[[location(0)]] var<out> gl_FragColor : vec4<f32>;
[[builtin(position)]] var<out> my_position : vec4<f32>;
[[builtin(vertex_index)]] var<in> my_index : u32;
[[builtin(instance_index)]] var<in> my_inst_index : u32;
[[builtin(frag_coord)]] var<in> coord : vec4<f32>;
[[builtin(frag_depth)]] var<out> depth : f32;
[[builtin(global_invocation_id)]] var<in> global_id : vec3<u32>;
[[builtin(local_invocation_index)]] var<in> local_index : u32;
[[location(1)]] var<in> twist : f32;
var<private> decibels : f32;
var<workgroup> worklist : array<i32, 10>;

type Arr = array<i32, 5>;
type RTArr = [[stride(16)]] array<vec4<f32>>;

[[block]] struct Params {
  [[offset(0)]] specular : f32;
  [[offset(4)]] count : i32;
};
[[block]] struct PositionsBuffer {
  [[offset(0)]] pos : [[stride(8)]] array<vec2<f32>>;
};
[[block]] struct S {
  [[offset(0)]] a : f32;
  [[offset(4)]] b : f32;
  [[offset(16)]] data : RTArr;
};
struct Data {
  a : i32;
  b : vec2<f32>;
};

[[group(0), binding(0)]] var<storage> pbuf : PositionsBuffer;
[[group(0), binding(1)]] var<uniform> param : Params;
[[group(0), binding(2)]] var<storage> sbuf : S;
[[group(0), binding(3)]] var filter_params : sampler;
[[group(0), binding(4)]] var tbuf : [[access(read)]] texture_storage_1d<rgba8unorm>;
[[group(0), binding(5)]] var tex : texture_2d<f32>;

const golden : f32 = 1.61803398875;
const e2 : vec3<i32> = vec3<i32>(0, 1, 0);
[[constant_id(0)]] const has_point_light : bool = true;
[[constant_id(1200)]] const specular_param : f32 = 2.3;
[[constant_id(1300)]] const gain : f32;

fn helper(x : f32) -> f32 {
  var<function> count : u32;
  var delta : i32;
  var sum : f32 = 0.0;
  const unit : i32 = 1;
  return x * golden + sum;
}

[[stage(vertex)]]
fn vtx_main() -> void {
  my_position = vec4<f32>(f32(my_index + my_inst_index), 0.0, 0.0, 1.0);
}

[[stage(fragment)]]
fn frag_main() -> void {
  var d : Data;
  d.a = e2.y;
  gl_FragColor = vec4<f32>(0.4, 0.4, 0.8, 1.0) * helper(coord.x + twist + param.specular);
  depth = 0.5;
}

[[stage(compute), workgroup_size(8, 1, 1)]]
fn sorter() -> void {
  var i : i32 = 0;
  loop {
    if (i >= 4) { break; }
    worklist[i] = i32(global_id.x) + i;
    continuing {
      i = i + 1;
    }
  }
  for (var j : i32 = 0; j < 4; j = j + 1) {
    decibels = decibels + pbuf.pos[j].x;
  }
}

[[stage(compute), workgroup_size(8)]]
fn reverser() -> void { }

[[stage(compute)]]
fn do_nothing() -> void { }
