// Every floating point numeric built-in with its scalar and vector overloads, for f32,
// f16 and abstract arguments (spec "Numeric Built-in Functions").
enable f16;

fn f32s(x: f32, v: vec3f, m: mat3x3f) {
	var s: f32;
	var w: vec3f;
	s = abs(x) + acos(x) + acosh(x) + asin(x) + asinh(x) + atan(x) + atanh(x) + atan2(x, x) + ceil(x);
	s += clamp(x, x, x) + cos(x) + cosh(x) + degrees(x) + exp(x) + exp2(x) + floor(x) + fma(x, x, x) + fract(x);
	s += inverseSqrt(x) + ldexp(x, 2) + log(x) + log2(x) + max(x, x) + min(x, x) + mix(x, x, x) + pow(x, x);
	s += quantizeToF16(x) + radians(x) + round(x) + saturate(x) + sign(x) + sin(x) + sinh(x) + smoothstep(x, x, x);
	s += sqrt(x) + step(x, x) + tan(x) + tanh(x) + trunc(x) + length(x) + distance(x, x) + frexp(x).fract + modf(x).whole;
	w = abs(v) + acos(v) + acosh(v) + asin(v) + asinh(v) + atan(v) + atanh(v) + atan2(v, v) + ceil(v);
	w += clamp(v, v, v) + cos(v) + cosh(v) + degrees(v) + exp(v) + exp2(v) + floor(v) + fma(v, v, v) + fract(v);
	w += inverseSqrt(v) + ldexp(v, vec3i()) + log(v) + log2(v) + max(v, v) + min(v, v) + mix(v, v, v) + mix(v, v, x) + pow(v, v);
	w += quantizeToF16(v) + radians(v) + round(v) + saturate(v) + sign(v) + sin(v) + sinh(v) + smoothstep(v, v, v);
	w += sqrt(v) + step(v, v) + tan(v) + tanh(v) + trunc(v) + cross(v, v) + normalize(v) + faceForward(v, v, v);
	w += reflect(v, v) + refract(v, v, x) + frexp(v).fract + vec3f(frexp(v).exp) + modf(v).fract;
	s += dot(v, v) + length(v) + distance(v, v) + determinant(m) + transpose(m)[0].x;
	_ = s; _ = w;
}

fn f16s(x: f16, v: vec4h, m: mat2x2h) {
	var s: f16 = abs(x) + acos(x) + atan2(x, x) + clamp(x, x, x) + exp(x) + fma(x, x, x) + inverseSqrt(x) + ldexp(x, 1);
	s += mix(x, x, x) + pow(x, x) + saturate(x) + sign(x) + smoothstep(x, x, x) + step(x, x) + trunc(x) + frexp(x).fract;
	var w: vec4h = abs(v) + normalize(v) + faceForward(v, v, v) + reflect(v, v) + refract(v, v, x) + mix(v, v, x) + modf(v).whole;
	s += dot(v, v) + length(v) + distance(v, v) + determinant(m) + transpose(m)[1].y;
	_ = s; _ = w;
}

fn abstracts() {
	const a = abs(-1.5) + acos(0.5) + atan2(1.0, 1.0) + clamp(2.0, 0.0, 1.0) + degrees(1.0) + exp(1.0) + fma(1.0, 2.0, 3.0);
	const b = ldexp(1.0, 3) + mix(1.0, 2.0, 0.5) + pow(2.0, 3.0) + saturate(2.0) + sign(-2.0) + smoothstep(0.0, 1.0, 0.5);
	const c = dot(vec2(1.0, 2.0), vec2(3.0, 4.0)) + length(vec3(1.0)) + determinant(mat2x2(1.0, 2.0, 3.0, 4.0));
	const d = cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0)) + normalize(vec3(1.0, 1.0, 1.0)) + reflect(vec3(1.0), vec3(0.0, 1.0, 0.0));
	const e = frexp(1.5).exp + modf(2.5).whole + floor(1.5) + ceil(1.5) + round(1.5) + trunc(1.5) + fract(1.5);
	let all_concrete: f32 = a + b + c + d.x + f32(e);
	_ = all_concrete;
}
