package wgsltest_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/wgsltest"
)

const mathSrc = `fn square(x: f32) -> f32 { return x * x; }
fn wrapAdd(a: u32, b: u32) -> u32 { return a + b; }
`

const mathTests = `@test fn squares() {
  expectEqF32(square(3.0), 9.0);
  expectNear(square(0.1), 0.01);
}

@test(wraps) fn wrapping() {
  expectEq(wrapAdd(0xffffffffu, 2u), 1u);
}

@test fn failing() {
  expect(square(2.0) > 5.0);
  expectEq(wrapAdd(40u, 2u), 43u);
  expectNearVec3(vec3f(square(1.5), 1.0, 2.0), vec3f(2.25, 1.0, 2.1));
}
`

func TestSuite(t *testing.T) {
	s, err := wgsltest.Compile(wgsltest.File{Name: "math.wgsl", Text: []byte(mathSrc)},
		wgsltest.File{Name: "math_test.wgsl", Text: []byte(mathTests)})
	require.NoError(t, err)
	var names []string
	for _, test := range s.Tests {
		names = append(names, test.Name)
	}
	require.Equal(t, []string{"squares", "wraps", "failing"}, names)
	assert.Equal(t, "math_test.wgsl:6:17", s.Tests[1].Pos.String())
	for _, test := range s.Tests[:2] {
		failures, err := s.Run(test)
		require.NoError(t, err)
		assert.Empty(t, failures, test.Name)
	}
	failures, err := s.Run(s.Tests[2])
	require.NoError(t, err)
	var got []string
	for _, f := range failures {
		got = append(got, f.Error())
	}
	assert.Equal(t, []string{
		"math_test.wgsl:11:3: error: expect failed: condition false",
		"math_test.wgsl:12:3: error: expectEq failed: actual 42u, expected 43u",
		"math_test.wgsl:13:3: error: expectNearVec3 failed: actual vec3<f32>(2.25f, 1.0f, 2.0f), expected vec3<f32>(2.25f, 1.0f, 2.1f)",
	}, got)
	var b strings.Builder
	failures[1].Print(&b)
	assert.Equal(t, "math_test.wgsl:12:3: error: expectEq failed: actual 42u, expected 43u\n  expectEq(wrapAdd(40u, 2u), 43u);\n  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n", b.String())
}

// TestRun runs the tests of a file that pass, as go test would.
func TestRun(t *testing.T) {
	wgsltest.Run(t, "testdata/lib.wgsl", "testdata/lib_test.wgsl")
}
