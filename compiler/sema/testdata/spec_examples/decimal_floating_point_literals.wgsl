enable f16;
// Spec example "decimal floating point literals" (spec "Numeric Literals", index.bs line 1202).
// With `enable f16;` added for the h-suffixed literals.

const a = 0.e+4f;
const b = 01.;
const c = .01;
const d = 12.34;
const f = .0f;
const g = 0h;
const h = 1e-3;
