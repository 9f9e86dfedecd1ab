// Spec example "Structure used to declare a buffer" (spec "Structure Types", index.bs line 3371).

// Runtime Array
alias RTArr = array<vec4<f32>>;
struct S {
  a: f32,
  b: f32,
  data: RTArr
}
@group(0) @binding(0) var<storage> buffer: S;
