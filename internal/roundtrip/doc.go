// Package roundtrip proves on a real Vulkan driver (Mesa's lavapipe) that the generated Go
// structures, the compiled SPIR-V and the reflection agree on every byte of a buffer.
//
// Each shader in testdata reads a structure with a tricky layout from one binding and writes
// a derived value (2x+1 for every scalar) to another binding of the same type. The tests fill
// the generated Go structures with distinctive values, encode them with the generated code
// into buffers whose padding holds a sentinel byte, run the shader, decode the output with the
// generated code, and compare every field and every padding byte. A hand-written structure
// and a shader with a shifted member show that the comparison catches a wrong layout.
//
// The non-test files are wgslgen's output for testdata/*.wgsl, committed; TestGenerated keeps
// them up to date (go generate rewrites them).
package roundtrip

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o roundtrip_wgsl.go testdata/params.wgsl testdata/tails.wgsl testdata/matrices.wgsl testdata/arrays.wgsl testdata/nested.wgsl testdata/attrs.wgsl testdata/halves.wgsl testdata/runtime.wgsl testdata/atomics.wgsl testdata/spec.wgsl
