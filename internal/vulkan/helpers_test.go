package vulkan

import (
	"bufio"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// assemble turns testdata/<name> into SPIR-V words with spirv-as and checks
// them with spirv-val. The target environment is vulkan1.1 unless the first
// line says "; target-env: <env>".
func assemble(t testing.TB, name string) []uint32 {
	t.Helper()
	spirvAs, spirvVal := oracle.SpirvAs.Require(t), oracle.SpirvVal.Require(t)
	src := filepath.Join("testdata", name)
	env := "vulkan1.1"
	f, err := os.Open(src)
	require.NoError(t, err)
	first, _ := bufio.NewReader(f).ReadString('\n')
	f.Close()
	if e, ok := strings.CutPrefix(strings.TrimSpace(first), "; target-env: "); ok {
		env = e
	}
	out := filepath.Join(t.TempDir(), name+".spv")
	msg, err := exec.Command(spirvAs, "--target-env", env, "-o", out, src).CombinedOutput()
	require.NoError(t, err, "spirv-as %s: %s", src, msg)
	msg, err = exec.Command(spirvVal, "--target-env", env, out).CombinedOutput()
	require.NoError(t, err, "spirv-val %s: %s", src, msg)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	words, err := Words(b)
	require.NoError(t, err)
	return words
}

func f32Bytes(vs ...float32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

func f32s(b []byte) []float32 {
	vs := make([]float32, len(b)/4)
	for i := range vs {
		vs[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return vs
}

func u32Bytes(vs ...uint32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	return b
}

func u32s(b []byte) []uint32 {
	vs := make([]uint32, len(b)/4)
	for i := range vs {
		vs[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return vs
}

func filled(n int, v byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = v
	}
	return b
}
