// Spec example "number of elements in a simple runtime sized array" (spec "Buffer Binding Determines Runtime-Sized Array Element Count", index.bs line 10731).

@group(0) @binding(1) var<storage> weights: array<f32>;
  
