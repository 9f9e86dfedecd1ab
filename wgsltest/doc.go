// Package wgsltest runs WGSL in go test, on the CPU, exactly as the SPIR-V that wgslgo
// compiles it to runs on a GPU: no GPU, no driver, no cgo. It has two uses.
//
// # Kernels
//
// NewShader compiles the WGSL of a table that wgslgen generated (the same table a GPU host
// binds with) for the interpreter; Dispatch runs one of its compute entry points over a grid
// of workgroups, with the buffers given as the generated Go types:
//
//	sh := wgsltest.NewShader(t, &particles.ParticlesShader.Shader, nil)
//	params := particles.SimParams{Dt: 0.5, Count: n}
//	buf := particles.AppendParticles(nil, &particles.Particles{}, items)
//	sh.Dispatch(t, sh.Table.EntryPoint("step"), wgsl.WorkgroupCount(size, [3]uint32{n, 1, 1}),
//		wgsltest.Value(particles.ParticlesShader.Params(), &params),
//		wgsltest.Bytes(particles.ParticlesShader.Particles(), buf))
//	_, items, _ = particles.DecodeParticles(buf)
//
// Value and Slice bind the memory of Go values (on little-endian hosts, every one Go
// supports but a few): what the shader writes is in them afterwards.
//
// # @test functions
//
// Run runs the @test functions of WGSL and WESL files as subtests, with the expectations of
// the package wgsl_test (compiler/testlib: expect, expectEq, expectNear... as the WESL
// community's wgsl-test names them). A WESL test module imports what it tests and the
// expectations it calls, as wgsl-test's do:
//
//	// easing_test.wesl
//	import package::easing::smootherstep;
//	import wgsl_test::expectNear;
//
//	@test fn quarter() { expectNear(smootherstep(0.0, 1.0, 0.25), 0.103516); }
//
//	func TestEasing(t *testing.T) { wgsltest.Run(t, "easing_test.wesl") }
//
// WGSL files that import nothing are joined into one module, with every expectation
// visible, as before imports: wgsltest.Run(t, "easing.wgsl", "easing_test.wgsl").
//
// RunFS and CompileFS read the files and the modules they import from an io/fs file
// system instead of the operating system's: shaders a program embeds with //go:embed.
//
// A failing expectation reports its position and arguments:
//
//	easing_test.wesl:4:22: error: expectNear failed: actual 0.10351562f, expected 0.2f
//
// `wgslc test FILE...` runs the same from the command line.
//
// Both run on compiler/interp; its package documentation says what it runs (compute shaders
// and functions; not yet vertex and fragment shaders, subgroups or texture_external) and how
// its results compare with a GPU's.
package wgsltest
