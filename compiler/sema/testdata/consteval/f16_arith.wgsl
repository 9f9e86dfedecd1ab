// f16 const-expressions overflow past 65504 (spec "Floating Point Types").
enable f16;

const max_f16 = 65504.0h;
const_assert max_f16 * 1.0h == max_f16;
const_assert f16(65504.0) == max_f16;
const above_max = f16(65519.0); // ERRORx "cannot|represent|range|overflow|fit"
const_assert 0x1p-24h > 0.0h;

const overflow_mul = max_f16 * 2.0h; // ERRORx "overflow|cannot|represent|inf|fit"
const overflow_add = max_f16 + 32.0h; // ERRORx "overflow|cannot|represent|inf|fit"
const literal_overflow = 65536.0h; // ERRORx "cannot|represent|range|overflow|fit"
const conversion_overflow = f16(65536.0); // ERRORx "cannot|represent|range|overflow|fit"
const f32_to_f16 = f16(1e10f); // ERRORx "cannot|represent|range|overflow|fit"
const declared_overflow: f16 = 1e5; // ERRORx "cannot|represent|range|overflow|fit"
const div_zero = 1.0h / 0.0h; // ERRORx "zero|overflow|cannot|represent|inf|fit"
