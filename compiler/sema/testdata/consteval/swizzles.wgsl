// Swizzles of constant vectors select by letter, in either set, in any order (spec "Vector
// Single Component Selection", "Vector Multiple Component Selection").

const v = vec4(1, 2, 3, 4);
const_assert v.x == 1 && v.y == 2 && v.z == 3 && v.w == 4;
const_assert v.r == 1 && v.g == 2 && v.b == 3 && v.a == 4;
const_assert all(v.bgra == vec4(3, 2, 1, 4)) && all(v.wzyx == vec4(4, 3, 2, 1));
const_assert all(v.ar == vec2(4, 1)) && all(v.ga == vec2(2, 4)) && all(v.aaa == vec3(4));
const_assert all(v.abgr.ar == vec2(1, 4)) && all(v.rgb.bg == vec2(3, 2)) && all(v.xy.yx == vec2(2, 1));
const_assert vec3(5.0, 6.0, 7.0).b == 7.0 && vec2(true, false).g == false;
const_assert v.q == 0; // ERROR "invalid swizzle 'q' for vec4<AbstractInt>"
