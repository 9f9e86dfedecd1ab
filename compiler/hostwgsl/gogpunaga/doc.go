// Package gogpunaga is the test that gogpu/naga v0.18.0, the pure-Go WGSL compiler of
// github.com/gogpu/wgpu v0.31.5, reads what package hostwgsl prints for it (the profile
// hostwgsl.Gogpu) and compiles it to SPIR-V that computes what wgslgo's SPIR-V of the shader
// computes. It is a Go module of its own: the root module depends on no WGSL compiler but
// its own.
package gogpunaga
