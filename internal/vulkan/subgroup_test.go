package vulkan

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// subgroupSizeWGSL writes the subgroup_size builtin of every invocation of a
// workgroup of %d invocations whose @subgroup_size is %s, a number or the
// override sg (whose default no device allows: the pipeline sets it).
const subgroupSizeWGSL = `enable subgroups;
enable subgroup_size_control;
override sg: u32 = 1024;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(%d) @subgroup_size(%s)
fn main(@builtin(subgroup_size) size: u32, @builtin(local_invocation_index) i: u32) {
  out[i] = size;
}
`

// TestRequiredSubgroupSize takes the subgroup size of a compute entry point
// from the reflection, as a host does, requires it when it creates the
// pipeline, and checks that every invocation sees it as its subgroup_size:
// for each size the device can require, written as a number and as an
// override the pipeline sets.
func TestRequiredSubgroupSize(t *testing.T) {
	d := Require(t)
	sizes := d.Info.RequiredSubgroupSizes()
	if len(sizes) == 0 {
		oracle.Missing(t, "%s cannot require subgroup sizes of compute shaders (subgroupSizeControl %v, requiredSubgroupSizeStages has compute %v)",
			d.Info.Name, d.Info.SubgroupSizeControl, d.Info.RequiredSubgroupSizeInCompute)
	}
	t.Logf("subgroup sizes %v, at most %d subgroups per workgroup", sizes, d.Info.MaxWorkgroupSubgroups)
	for _, n := range sizes {
		for _, attr := range []string{fmt.Sprint(n), "sg"} {
			t.Run(fmt.Sprintf("%s=%d", attr, n), func(t *testing.T) {
				// The x dimension must be a multiple of the subgroup size, and a
				// workgroup hold at most MaxWorkgroupSubgroups subgroups.
				x := n * min(4, max(d.Info.MaxWorkgroupSubgroups, 1))
				src := fmt.Sprintf(subgroupSizeWGSL, x, attr)
				res, err := compiler.Compile(compiler.Source{Name: "subgroup_size.wgsl", Text: []byte(src)},
					compiler.Options{Target: compiler.Vulkan13})
				require.NoError(t, err)
				spirvval.Check(t, res.SPIRV, "vulkan1.3")

				ep := res.Reflection.EntryPoints[0]
				require.NotNil(t, ep.SubgroupSize, "the reflection has no subgroup size")
				run := Run{SPIRV: res.SPIRV, Entry: ep.Name, Groups: [3]uint32{1, 1, 1}}
				switch {
				case ep.SubgroupSize.Override != "":
					o := res.Reflection.Overrides[0]
					require.Equal(t, ep.SubgroupSize.Override, o.Name)
					run.Spec = map[uint32][]byte{uint32(o.ID): Spec32(n)}
					run.SubgroupSize = n
				default:
					run.SubgroupSize = uint32(ep.SubgroupSize.Value)
				}
				out := make([]uint32, x)
				for i := range out {
					out[i] = 0xFFFFFFFF
				}
				run.Bindings = []Binding{{Group: 0, Binding: 0, Kind: StorageBuffer, Data: u32Bytes(out...)}}
				r, err := d.Dispatch(run)
				require.NoError(t, err)
				assert.Empty(t, r.Warnings)
				for i, size := range u32s(r.Bytes(0, 0)) {
					require.Equal(t, n, size, "invocation %d", i)
				}
			})
		}
	}
}

// The harness refuses subgroup sizes the device cannot require before any
// Vulkan call.
func TestRequiredSubgroupSizeErrors(t *testing.T) {
	d := Require(t)
	words := assemble(t, "double.spvasm")
	for _, n := range []uint32{3, d.Info.MaxSubgroupSize * 2, d.Info.MinSubgroupSize / 2} {
		if n == 0 {
			continue
		}
		_, err := d.Dispatch(Run{SPIRV: words, Entry: "main", Groups: [3]uint32{1, 1, 1}, SubgroupSize: n,
			Bindings: []Binding{{Group: 0, Binding: 0, Kind: StorageBuffer, Data: make([]byte, 4*1024)}}})
		require.Error(t, err, "size %d", n)
		assert.Contains(t, err.Error(), fmt.Sprintf("Run.SubgroupSize is %d", n))
	}
}
