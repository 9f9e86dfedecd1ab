// Package colors is an example of WGSL tested in go test: colors.wgsl holds functions
// shaders share, colors_test.wgsl their @test functions, which colors_test.go runs on the
// CPU with wgsltest.Run (no GPU). wgslc test colors.wgsl colors_test.wgsl runs them too.
package colors
