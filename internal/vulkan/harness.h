// The C half of the harness: plain structs in, plain structs out. Every
// pointer these functions receive points to C memory owned by the Go caller,
// so no Go pointer is ever stored on the C side.
#ifndef WGSLGO_VULKAN_HARNESS_H
#define WGSLGO_VULKAN_HARNESS_H

#include <stddef.h>
#include <stdint.h>

// Descriptor kinds; the numbering matches BindingKind in kinds.go.
enum {
	WV_UNIFORM_BUFFER = 1,
	WV_STORAGE_BUFFER = 2,
	WV_READONLY_STORAGE_BUFFER = 3,
	WV_STORAGE_IMAGE = 4,
	WV_SAMPLED_IMAGE = 5,
	WV_SAMPLER = 6,
	WV_COMPARISON_SAMPLER = 7,
	WV_COMBINED_IMAGE_SAMPLER = 8,
};

// Image dimensions; the numbering matches ImageDim in image.go.
enum {
	WV_DIM_1D = 1,
	WV_DIM_1D_ARRAY = 2,
	WV_DIM_2D = 3,
	WV_DIM_2D_ARRAY = 4,
	WV_DIM_3D = 5,
	WV_DIM_CUBE = 6,
	WV_DIM_CUBE_ARRAY = 7,
};

// Results of wv_dispatch.
enum {
	WV_OK = 0,
	WV_ERROR = 1,
	WV_TIMEOUT = 2,
	WV_DEVICE_LOST = 3,
};

// Validation modes of wv_create.
enum {
	WV_VALIDATION_OFF = 0,
	WV_VALIDATION_IF_INSTALLED = 1,
	WV_VALIDATION_REQUIRED = 2,
};

typedef struct wv_ctx wv_ctx;

typedef struct {
	char name[256];
	char driver_name[256];
	char driver_info[256];
	uint32_t api_version, driver_version, vendor_id, device_id, device_type, driver_id;
	int shader_float16, storage_buffer_16bit, uniform_and_storage_buffer_16bit;
	int shader_int16, shader_int64, shader_float64, robust_buffer_access;
	int vulkan_memory_model, subgroup_size_control;
	uint32_t subgroup_size, subgroup_stages, subgroup_ops, min_subgroup_size, max_subgroup_size;
	// VkPhysicalDeviceSubgroupSizeControlProperties (Vulkan 1.3 devices).
	uint32_t required_subgroup_size_stages, max_workgroup_subgroups;
	uint32_t max_workgroup_size[3], max_workgroup_invocations, max_workgroup_count[3];
	uint32_t max_uniform_buffer_range, max_storage_buffer_range, max_bound_sets;
	uint32_t max_push_constants_size;
	uint32_t max_shared_memory;
	int validation;
	// Multisampling: VkSampleCountFlags of the limits, the sampleRateShading
	// feature and whether the queue can draw (how multisampled images are filled).
	uint32_t sampled_color_samples, sampled_integer_samples, sampled_depth_samples;
	uint32_t framebuffer_color_samples, framebuffer_integer_samples, framebuffer_depth_samples;
	int sample_rate_shading, graphics;
} wv_info;

typedef struct {
	uint32_t group, binding, kind;
	// VkShaderStageFlags of the layout binding; 0: the stages of the run.
	uint32_t stages;
	// Buffer contents or packed image texels. On success the harness writes
	// the contents after the run back into the same memory.
	void *data;
	uint64_t size;

	// Image (storage, sampled and combined kinds).
	uint32_t dim, format, width, height, depth, layers, mips;
	uint32_t texel_size;
	// Multisampled sampled images (samples > 1; 2D, one level and layer):
	// SPIR-V with a vertex entry point "vs" and a fragment entry point "fs"
	// that reads the packed texels from a storage buffer at set 0 binding 0
	// and writes sample sample_index of pixel floor(position.xy), as color
	// location 0 or, for a depth format, as the fragment depth. The harness
	// draws one triangle over the image with it, at sample rate.
	uint32_t samples;
	const uint32_t *fill_code;
	size_t fill_words;

	// Sampler (sampler, comparison sampler and combined kinds).
	uint32_t mag_filter, min_filter, mipmap_mode;
	uint32_t address_u, address_v, address_w;
	uint32_t compare_enable, compare_op;
} wv_binding;

typedef struct {
	uint32_t id, offset, size;
} wv_spec_entry;

// One attribute of a vertex buffer: a VkVertexInputAttributeDescription.
typedef struct {
	uint32_t location, format, offset;
} wv_vertex_attribute;

// One vertex buffer of a draw, bound at its index in wv_run.vertex_buffers.
typedef struct {
	const void *data;
	uint64_t size;
	uint32_t stride;
	uint32_t per_instance; // VK_VERTEX_INPUT_RATE_INSTANCE when set
	const wv_vertex_attribute *attributes;
	uint32_t attribute_count;
} wv_vertex_buffer;

typedef struct {
	const uint32_t *code;
	size_t code_words;
	const char *entry;
	const wv_spec_entry *spec;
	uint32_t spec_count;
	const void *spec_data;
	size_t spec_size;
	uint32_t groups[3];
	// The subgroup size the pipeline requires
	// (VkPipelineShaderStageRequiredSubgroupSizeCreateInfo), 0 for none.
	uint32_t required_subgroup_size;
	wv_binding *bindings;
	uint32_t binding_count;
	uint64_t timeout_ns;

	// Push constants (WGSL's immediate data): push_size bytes at offset 0, for push_stages
	// (VkShaderStageFlags; 0: the stages of the run). No push constant range when 0.
	const void *push_data;
	uint32_t push_size, push_stages;

	// A draw instead of a dispatch, when vertex_entry is set: the vertex and fragment entry
	// points of code, vertex_count vertices of instance_count instances as a triangle list
	// (no culling, front face counter-clockwise), a viewport of the whole target with a
	// positive height and depth range [0, 1], into a color target of target_format (cleared
	// to zero, no blending) at color attachment 0, whose texels (each row tightly packed)
	// the harness writes to target_data (target_width * target_height * target_texel_size
	// bytes). entry and groups are unused then.
	const char *vertex_entry, *fragment_entry;
	const wv_vertex_buffer *vertex_buffers;
	uint32_t vertex_buffer_count;
	uint32_t vertex_count, instance_count;
	uint32_t target_format, target_width, target_height, target_texel_size;
	void *target_data;
} wv_run;

// wv_create makes the instance (with VK_LAYER_KHRONOS_validation as the
// validation mode says), picks a device (lavapipe first) and creates the
// logical device with every supported core feature enabled.
int wv_create(int validation, wv_ctx **out, wv_info *info, char *err, size_t errlen);

// wv_dispatch creates every object the run needs, submits one command
// buffer (a dispatch, or a draw), waits for its fence and reads every buffer
// and image back, and a draw's target. On
// WV_TIMEOUT the objects stay alive (the device may still be executing) and
// the context must not be used again.
int wv_dispatch(wv_ctx *ctx, const wv_run *run, char *err, size_t errlen);

// wv_image_sample_counts is the VkSampleCountFlags of 2D optimal-tiling
// images of the format with the usage the harness gives multisampled images
// (sampled, and a color or depth attachment), 0 when there are none.
uint32_t wv_image_sample_counts(wv_ctx *ctx, uint32_t format);

// wv_take_messages returns the validation messages collected since the last
// call (malloc'd, NUL-terminated, one per line, may be NULL) and how many of
// them were errors.
char *wv_take_messages(wv_ctx *ctx, int *errors);

// wv_crash_for_testing dereferences a null pointer, to test child-process
// isolation against a real segmentation fault in C code.
void wv_crash_for_testing(void);

#endif
