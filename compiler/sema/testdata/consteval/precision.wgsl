// Const-expressions are evaluated in their type's precision: AbstractFloat as
// binary64, f32 and f16 rounded after each operation; AbstractInt as 64-bit integers
// (spec "Abstract Numeric Types", "Floating Point Evaluation").
enable f16;

const_assert 0.1 + 0.2 != 0.3;
const_assert 0.1f + 0.2f == 0.3f;
const_assert 16777216.0 + 1.0 != 16777216.0;
const_assert 16777216f + 1f == 16777216f;
const_assert 2048h + 1h == 2048h;
const_assert 2048.0 + 1.0 == 2049.0;
const_assert f32(16777217) == 16777216f;
const_assert 9007199254740993 - 9007199254740992 == 1;
const_assert f32(0.1) == 0.1f;
const_assert 1e-300 * 1e-300 >= 0.0;
const_assert (1.0 / 3.0) * 3.0 == 1.0;
const_assert 1e308 + 1e308 > 0.0 || true; // ERROR "1e+308 + 1e+308 overflows AbstractFloat in constant expression"
