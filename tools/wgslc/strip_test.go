package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/spirvval"
)

func TestStripNames(t *testing.T) {
	dir := t.TempDir()
	read := func(args ...string) []uint32 {
		t.Helper()
		out := filepath.Join(dir, "out.spv")
		code, stderr := runWgslc(t, append(append([]string{"-o", out}, args...), "../../examples/particles/particles.wgsl")...)
		require.Equal(t, exitOK, code, stderr)
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		words := make([]uint32, len(data)/4)
		for i := range words {
			words[i] = binary.LittleEndian.Uint32(data[4*i:])
		}
		return words
	}
	names := func(words []uint32) int {
		n := 0
		for i := 5; i < len(words); i += int(words[i] >> 16) {
			if op := words[i] & 0xffff; op == 5 || op == 6 { // OpName, OpMemberName
				n++
			}
		}
		return n
	}
	full, stripped := read(), read("--strip-names")
	assert.NotZero(t, names(full))
	assert.Zero(t, names(stripped))
	assert.Less(t, len(stripped), len(full))
	spirvval.Check(t, stripped, "vulkan1.1")
}
