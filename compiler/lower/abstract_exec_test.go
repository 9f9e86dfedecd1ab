package lower_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestExecAbstractOperands runs the idioms where an abstract literal meets a runtime value:
// the shifted value of a shift takes its concrete type (i32) when the shift amount is not a
// const-expression, in comparisons and vectors too; and value constructors from abstract
// numbers (gpuweb PR #4449) convert the abstract value directly.
func TestExecAbstractOperands(t *testing.T) {
	const lanes = 8
	out := asI32(runCompute(t, compute{src: `
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) s: u32) {
	o[s] = 1 << s;
	o[8u + s] = select(0, 1, (256 >> s) > 4);
	o[16u + s] = (vec2(3, -64) >> vec2(s)).y;
	if ((1 >> s) > 0) { o[24u + s] = 7; } else { o[24u + s] = -7; }
	o[32u + s] = i32(f32(0xffffffff) / 4294967296.0 * 8.0) + i32(s);
	o[40u + s] = i32(u32(4294967295.0) - 4294967290u) * i32(s);
}`, bufs: [][]byte{zeros(6 * lanes)}})[0])
	for s := range int32(lanes) {
		assert.Equal(t, int32(1)<<s, out[s], "1 << s, s = %d", s)
		want := int32(0)
		if 256>>s > 4 {
			want = 1
		}
		assert.Equal(t, want, out[8+s], "(256 >> s) > 4, s = %d", s)
		assert.Equal(t, int32(-64)>>s, out[16+s], "vec2(3, -64) >> s, s = %d", s)
		want = -7
		if 1>>s > 0 {
			want = 7
		}
		assert.Equal(t, want, out[24+s], "(1 >> s) > 0, s = %d", s)
		assert.Equal(t, 8+s, out[32+s], "f32(0xffffffff), s = %d", s)
		assert.Equal(t, 5*s, out[40+s], "u32(4294967295.0), s = %d", s)
	}
}
