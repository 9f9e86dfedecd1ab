[[stage(vertex)]]
fn vs([[builtin(vertex_index)]] i: u32) -> [[builtin(position)]] vec4<f32> {
  return vec4<f32>(f32(i), 0.0, 0.0, 1.0);
}
