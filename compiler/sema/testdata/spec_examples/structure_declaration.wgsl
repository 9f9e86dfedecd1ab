// Spec example "Structure declaration" (spec "Structure Types", index.bs line 3362).

struct my_struct {
  a: f32,
  b: vec4<f32>
}
