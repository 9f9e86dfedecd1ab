// Package colors is an example of a shader library tested in go test: colors.wgsl holds
// color functions shaders share, blend.wesl compositing built on them (a WESL module that
// imports colors), colors_test.wesl and blend_test.wesl their @test functions, each module
// importing what it tests and the expectations of wgsl_test. colors_test.go runs them on
// the CPU with wgsltest.Run (no GPU); wgslc test colors_test.wesl blend_test.wesl runs them
// too.
package colors
