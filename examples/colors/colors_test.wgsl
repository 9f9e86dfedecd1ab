// The tests of colors.wgsl: each @test function runs on the CPU as one compute invocation.

@test fn transferRoundTrips() {
  for (var i = 0; i <= 16; i++) {
    let c = f32(i) / 16.0;
    expectWithin(linearToSrgb(srgbToLinear(c)), c, 1e-5, 1e-6);
  }
}

@test fn transferEnds() {
  expectEqF32(srgbToLinear(0.0), 0.0);
  expectNear(srgbToLinear(1.0), 1.0);
  expectNear(linearToSrgb(0.5), 0.735357);
}

@test fn luminanceOfWhiteIsOne() {
  expectNear(luminance(vec3f(1.0)), 1.0);
  expectEqF32(luminance(vec3f(0.0)), 0.0);
}

@test(packs_white_and_black) fn packing() {
  expectEq(packColor(vec4f(1.0)), 0xffffffffu);
  expectEq(packColor(vec4f(0.0, 0.0, 0.0, 1.0)), 0xff000000u);
  expectEqVec4u(unpack4xU8(packColor(vec4f(0.5, 0.0, 1.0, 0.5))), vec4u(188u, 0u, 255u, 128u));
}

@test fn premultiplied() {
  expectEqVec4f(premultiply(vec4f(1.0, 0.5, 0.25, 0.5)), vec4f(0.5, 0.25, 0.125, 0.5));
}
