// Const-evaluation through arrays and structures: construction, indexing, member
// access, nesting (spec "const Expressions", "Value Constructor Built-in Functions").

struct P { x: i32, y: vec2f, z: array<u32, 3> }
const p = P(1, vec2(2.0, 3.0), array(4u, 5u, 6u));
const ps = array(p, P(7, vec2f(), array<u32, 3>()));
const_assert p.x == 1 && p.y.y == 3.0 && p.z[2] == 6u;
const_assert ps[1].x == 7 && ps[0].z[1] == 5u;
const_assert ps[1].z[0] == 0u && ps[1].y.x == 0.0;
const nested = array(array(1, 2), array(3, 4), array(5, 6));
const_assert nested[2][1] == 6 && nested[0][0] + nested[1][1] == 5;
const inferred = array(1u, 2, 3);
const_assert inferred[0] == 1u;
const m_arr = array(mat2x2(1, 2, 3, 4), mat2x2f());
const_assert m_arr[0][1][0] == 3.0;

const bad_index = ps[2]; // ERROR "index 2 is out of bounds for array<P, 2>"
const bad_member = p.w; // ERROR "structure P has no member 'w'; its members are x, y and z"
const bad_nested = nested[1][2]; // ERROR "index 2 is out of bounds for array<AbstractInt, 2>"
