// wgsl_test: the expectations of @test functions, as the WESL community's wgsl-test names
// them (expect, expectEq, expectNear, expectWithin and their vector forms, expectUlp), with
// typed equality for i32, f32 and vectors besides, which WGSL, without overloading, spells
// in the names. It is the top module of the package wgsl_test, which a program compiled with
// tests on imports (import wgsl_test::expectNear;); the test runner adds it to WGSL files
// that import nothing, as before imports. Each expectation that fails calls wgsl_test_fail, which the runner replaces with its report: the failing call's
// position in the test and the expectation's arguments.

private fn wgsl_test_fail() {}

public fn expect(condition: bool) {
  if !condition { wgsl_test_fail(); }
}

public fn expectEq(actual: u32, expected: u32) {
  if actual != expected { wgsl_test_fail(); }
}

public fn expectEqI32(actual: i32, expected: i32) {
  if actual != expected { wgsl_test_fail(); }
}

// expectEqF32 compares with ==: 0.0 equals -0.0, a NaN equals nothing.
public fn expectEqF32(actual: f32, expected: f32) {
  if actual != expected { wgsl_test_fail(); }
}

public fn expectEqVec2u(actual: vec2u, expected: vec2u) {
  if any(actual != expected) { wgsl_test_fail(); }
}

public fn expectEqVec3u(actual: vec3u, expected: vec3u) {
  if any(actual != expected) { wgsl_test_fail(); }
}

public fn expectEqVec4u(actual: vec4u, expected: vec4u) {
  if any(actual != expected) { wgsl_test_fail(); }
}

public fn expectEqVec2i(actual: vec2i, expected: vec2i) {
  if any(actual != expected) { wgsl_test_fail(); }
}

public fn expectEqVec3i(actual: vec3i, expected: vec3i) {
  if any(actual != expected) { wgsl_test_fail(); }
}

public fn expectEqVec4i(actual: vec4i, expected: vec4i) {
  if any(actual != expected) { wgsl_test_fail(); }
}

public fn expectEqVec2f(actual: vec2f, expected: vec2f) {
  if any(actual != expected) { wgsl_test_fail(); }
}

public fn expectEqVec3f(actual: vec3f, expected: vec3f) {
  if any(actual != expected) { wgsl_test_fail(); }
}

public fn expectEqVec4f(actual: vec4f, expected: vec4f) {
  if any(actual != expected) { wgsl_test_fail(); }
}

// The expectWithin functions hold |actual - expected| <= max(absTol, relTol ×
// max(|actual|, |expected|)), component-wise: absTol near zero, relTol for large values.
// expectWithin(a, b, 0.0, eps) is an absolute epsilon. A NaN is within nothing.
public fn expectWithin(actual: f32, expected: f32, relTol: f32, absTol: f32) {
  let tolerance = max(absTol, relTol * max(abs(actual), abs(expected)));
  if !(abs(actual - expected) <= tolerance) { wgsl_test_fail(); }
}

public fn expectWithinVec2(actual: vec2f, expected: vec2f, relTol: f32, absTol: f32) {
  let tolerance = max(vec2f(absTol), relTol * max(abs(actual), abs(expected)));
  if !all(abs(actual - expected) <= tolerance) { wgsl_test_fail(); }
}

public fn expectWithinVec3(actual: vec3f, expected: vec3f, relTol: f32, absTol: f32) {
  let tolerance = max(vec3f(absTol), relTol * max(abs(actual), abs(expected)));
  if !all(abs(actual - expected) <= tolerance) { wgsl_test_fail(); }
}

public fn expectWithinVec4(actual: vec4f, expected: vec4f, relTol: f32, absTol: f32) {
  let tolerance = max(vec4f(absTol), relTol * max(abs(actual), abs(expected)));
  if !all(abs(actual - expected) <= tolerance) { wgsl_test_fail(); }
}

// The expectNear functions are expectWithin with wgsl-test's tolerances: relative 1e-3,
// absolute 1e-6.
public fn expectNear(actual: f32, expected: f32) {
  expectWithin(actual, expected, 1e-3, 1e-6);
}

public fn expectNearVec2(actual: vec2f, expected: vec2f) {
  expectWithinVec2(actual, expected, 1e-3, 1e-6);
}

public fn expectNearVec3(actual: vec3f, expected: vec3f) {
  expectWithinVec3(actual, expected, 1e-3, 1e-6);
}

public fn expectNearVec4(actual: vec4f, expected: vec4f) {
  expectWithinVec4(actual, expected, 1e-3, 1e-6);
}

// expectUlp holds actual and expected at most maxUlp f32 values apart (0.0 and -0.0 are
// 0 apart; a NaN is apart from everything).
public fn expectUlp(actual: f32, expected: f32, maxUlp: u32) {
  let a = wgsl_test_ordered(actual);
  let b = wgsl_test_ordered(expected);
  let distance = select(a - b, b - a, a < b);
  if actual != actual || expected != expected || distance > maxUlp { wgsl_test_fail(); }
}

// wgsl_test_ordered maps an f32 to a u32 that orders as the floats do, consecutive floats
// to consecutive integers.
private fn wgsl_test_ordered(x: f32) -> u32 {
  let b = bitcast<u32>(x);
  return select(b + 0x80000000u, 0x80000000u - (b & 0x7fffffffu), b >= 0x80000000u);
}
