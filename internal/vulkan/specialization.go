package vulkan

import (
	"fmt"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// SpecOf returns Run.Spec for the specialization data of generated code (the Overrides
// types' Specialization method): each entry's bytes by SpecId.
func SpecOf(s wgsl.Specialization) (map[uint32][]byte, error) {
	m := map[uint32][]byte{}
	for _, e := range s.Entries {
		if _, dup := m[e.ID]; dup {
			return nil, fmt.Errorf("vulkan: SpecId %d twice in the specialization data", e.ID)
		}
		if int(e.Offset)+int(e.Size) > len(s.Data) {
			return nil, fmt.Errorf("vulkan: SpecId %d: bytes %d..%d of %d", e.ID, e.Offset, e.Offset+e.Size, len(s.Data))
		}
		m[e.ID] = s.Data[e.Offset : e.Offset+e.Size]
	}
	return m, nil
}
