// Package software holds gogpu/wgpu v0.31.5's software backend (hal/software: a SPIR-V
// interpreter in pure Go) to what wgslgo's interpreter (compiler/interp) computes on the same
// shaders: the saxpy figure of BENCHMARKS.md, and a table of compute shaders on which the
// two disagree, each with the answer WGSL's semantics give, checked on the interpreter.
//
// The backend runs the SPIR-V wgslgo compiles (its WGSL path takes the same shaders through
// gogpu/naga). Only its tests exist: the package is the comparison, not an API.
package software
