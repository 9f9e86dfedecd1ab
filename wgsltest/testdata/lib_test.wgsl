@test fn smootherstepEnds() {
  expectEqF32(smootherstep(0.0, 1.0, -1.0), 0.0);
  expectEqF32(smootherstep(0.0, 1.0, 2.0), 1.0);
}

@test fn smootherstepQuarter() {
  expectNear(smootherstep(0.0, 1.0, 0.25), 0.103516);
}

@test fn hashOfZeroIsZero() {
  expectEq(hash(0u), 0u);
}

@test fn hashSpreads() {
  var seen = 0u;
  for (var i = 0u; i < 32u; i++) {
    seen |= 1u << (hash(i) >> 27u);
  }
  expect(countOneBits(seen) > 16u);
}
