package vulkan

import (
	"fmt"
	"strings"
	"time"
)

// Version is a Vulkan API version.
type Version uint32

func (v Version) String() string {
	return fmt.Sprintf("%d.%d.%d", uint32(v)>>22&0x7f, uint32(v)>>12&0x3ff, uint32(v)&0xfff)
}

// SubgroupOps is a VkSubgroupFeatureFlags mask.
type SubgroupOps uint32

var subgroupOpNames = []string{"basic", "vote", "arithmetic", "ballot", "shuffle", "shuffle_relative", "clustered", "quad"}

func (s SubgroupOps) String() string {
	var names []string
	for i, n := range subgroupOpNames {
		if s&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

// Has reports whether every operation class in ops is supported.
func (s SubgroupOps) Has(ops SubgroupOps) bool { return s&ops == ops }

// Subgroup operation classes.
const (
	SubgroupBasic SubgroupOps = 1 << iota
	SubgroupVote
	SubgroupArithmetic
	SubgroupBallot
	SubgroupShuffle
	SubgroupShuffleRelative
	SubgroupClustered
	SubgroupQuad
)

// SampleCounts is a VkSampleCountFlags mask: the bit of value n is set when n
// samples are supported.
type SampleCounts uint32

// Has reports whether n samples (a power of two) are in the mask.
func (c SampleCounts) Has(n uint32) bool { return n != 0 && n&(n-1) == 0 && uint32(c)&n != 0 }

func (c SampleCounts) String() string {
	var ns []string
	for n := uint32(1); n <= 64; n <<= 1 {
		if c.Has(n) {
			ns = append(ns, fmt.Sprint(n))
		}
	}
	return "{" + strings.Join(ns, ",") + "}"
}

// Info is what tests may need to know about the device. Every feature that
// is reported as supported is also enabled.
type Info struct {
	Name       string // "llvmpipe (LLVM 15.0.6, 256 bits)"
	Driver     string // "llvmpipe"
	DriverInfo string // "Mesa 22.3.6 (LLVM 15.0.6)"
	APIVersion Version
	CPU        bool // VK_PHYSICAL_DEVICE_TYPE_CPU, as lavapipe is

	ShaderFloat16                      bool
	StorageBuffer16BitAccess           bool
	UniformAndStorageBuffer16BitAccess bool
	ShaderInt16, ShaderInt64           bool
	ShaderFloat64                      bool
	VulkanMemoryModel                  bool
	SubgroupSizeControl                bool
	// RobustBufferAccess: out-of-bounds buffer accesses are clamped or
	// discarded instead of crashing, and nothing reports them.
	RobustBufferAccess bool

	SubgroupSize      uint32
	MinSubgroupSize   uint32
	MaxSubgroupSize   uint32
	SubgroupOps       SubgroupOps
	SubgroupInCompute bool
	MaxWorkgroupSize  [3]uint32
	MaxInvocations    uint32 // maxComputeWorkGroupInvocations
	MaxWorkgroupCount [3]uint32
	MaxSharedMemory   uint32 // bytes of var<workgroup>
	MaxUniformBinding uint32 // maxUniformBufferRange
	MaxStorageBinding uint32 // maxStorageBufferRange
	MaxDescriptorSets uint32
	// MaxPushConstantsSize is the largest push constant range: Run.Immediate's limit.
	MaxPushConstantsSize uint32
	Validation           bool          // VK_LAYER_KHRONOS_validation is active
	CreationTime         time.Duration // instance + device creation
	ValidationWarnings   []string      // warnings while creating the device

	// Required subgroup sizes (see RequiredSubgroupSizes):
	// RequiredSubgroupSizeInCompute when requiredSubgroupSizeStages has the
	// compute stage; MaxWorkgroupSubgroups is maxComputeWorkgroupSubgroups: a
	// pipeline that requires subgroup size n has workgroups of at most n times
	// that many invocations.
	RequiredSubgroupSizeInCompute bool
	MaxWorkgroupSubgroups         uint32

	// Multisampling: the sample counts of VkPhysicalDeviceLimits (and
	// Vulkan 1.2's framebufferIntegerColorSampleCounts), the sampleRateShading
	// feature, and whether the queue draws (Graphics): a multisampled image is
	// filled by a draw at sample rate, see ImageDesc.Samples.
	SampledColorSamples, SampledIntegerSamples, SampledDepthSamples             SampleCounts
	FramebufferColorSamples, FramebufferIntegerSamples, FramebufferDepthSamples SampleCounts
	SampleRateShading, Graphics                                                 bool
}

// RequiredSubgroupSizes returns the subgroup sizes a compute pipeline may
// require (Run.SubgroupSize, WGSL's @subgroup_size): the powers of two from
// MinSubgroupSize to MaxSubgroupSize, or none without the subgroupSizeControl
// feature for compute shaders.
func (i *Info) RequiredSubgroupSizes() []uint32 {
	if !i.SubgroupSizeControl || !i.RequiredSubgroupSizeInCompute || i.MinSubgroupSize == 0 {
		return nil
	}
	var sizes []uint32
	for n := i.MinSubgroupSize; n <= i.MaxSubgroupSize; n *= 2 {
		sizes = append(sizes, n)
	}
	return sizes
}

// F16 reports whether `enable f16;` shaders that keep f16 in storage and
// uniform buffers can run.
func (i *Info) F16() bool {
	return i.ShaderFloat16 && i.StorageBuffer16BitAccess && i.UniformAndStorageBuffer16BitAccess
}

func (i *Info) String() string {
	return fmt.Sprintf("%s, Vulkan %v, %s; f16=%v subgroup=%d [%v] robustBufferAccess=%v validation=%v; created in %v",
		i.Name, i.APIVersion, i.DriverInfo, i.F16(), i.SubgroupSize, i.SubgroupOps, i.RobustBufferAccess,
		i.Validation, i.CreationTime.Round(time.Millisecond))
}
