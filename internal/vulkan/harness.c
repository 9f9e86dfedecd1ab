#include "harness.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

struct wv_ctx {
	VkInstance instance;
	VkPhysicalDevice phys;
	VkDevice device;
	VkQueue queue;
	uint32_t queue_family;
	int graphics; // the queue family has graphics too
	VkCommandPool pool;
	VkPhysicalDeviceMemoryProperties memory;
	VkDebugUtilsMessengerEXT messenger;

	pthread_mutex_t mu; // guards the message buffer: callbacks may come from driver threads
	char *msgs;
	size_t msgs_len, msgs_cap;
	int msg_errors;
};

static void errorf(char *err, size_t errlen, const char *format, ...) {
	va_list ap;
	va_start(ap, format);
	vsnprintf(err, errlen, format, ap);
	va_end(ap);
}

static const char *result_name(VkResult r) {
	switch (r) {
	case VK_SUCCESS: return "VK_SUCCESS";
	case VK_TIMEOUT: return "VK_TIMEOUT";
	case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
	case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
	case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
	case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
	case VK_ERROR_MEMORY_MAP_FAILED: return "VK_ERROR_MEMORY_MAP_FAILED";
	case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
	case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
	case VK_ERROR_FEATURE_NOT_PRESENT: return "VK_ERROR_FEATURE_NOT_PRESENT";
	case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
	case VK_ERROR_FORMAT_NOT_SUPPORTED: return "VK_ERROR_FORMAT_NOT_SUPPORTED";
	case VK_ERROR_INVALID_SHADER_NV: return "VK_ERROR_INVALID_SHADER_NV";
	case VK_ERROR_UNKNOWN: return "VK_ERROR_UNKNOWN";
	default: return "VkResult(?)";
	}
}

#define CHECK(call, what)                                                                  \
	do {                                                                                   \
		VkResult r_ = (call);                                                              \
		if (r_ != VK_SUCCESS) {                                                            \
			errorf(err, errlen, "%s failed: %s (%d)", what, result_name(r_), (int)r_);      \
			if (r_ == VK_ERROR_DEVICE_LOST) status = WV_DEVICE_LOST;                       \
			goto done;                                                                     \
		}                                                                                  \
	} while (0)

static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT type,
                                                 const VkDebugUtilsMessengerCallbackDataEXT *data,
                                                 void *user) {
	(void)type;
	wv_ctx *ctx = user;
	const char *tag = severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? "error" : "warning";
	const char *text = data && data->pMessage ? data->pMessage : "(no message)";
	size_t need = strlen(tag) + strlen(text) + 4;
	pthread_mutex_lock(&ctx->mu);
	if (ctx->msgs_len + need + 1 > ctx->msgs_cap) {
		size_t cap = (ctx->msgs_cap + need + 1) * 2;
		char *grown = realloc(ctx->msgs, cap);
		if (!grown) {
			pthread_mutex_unlock(&ctx->mu);
			return VK_FALSE;
		}
		ctx->msgs = grown;
		ctx->msgs_cap = cap;
	}
	ctx->msgs_len += (size_t)snprintf(ctx->msgs + ctx->msgs_len, ctx->msgs_cap - ctx->msgs_len,
	                                  "%s: %s\n", tag, text);
	if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) ctx->msg_errors++;
	pthread_mutex_unlock(&ctx->mu);
	return VK_FALSE;
}

char *wv_take_messages(wv_ctx *ctx, int *errors) {
	pthread_mutex_lock(&ctx->mu);
	char *out = ctx->msgs;
	*errors = ctx->msg_errors;
	ctx->msgs = NULL;
	ctx->msgs_len = ctx->msgs_cap = 0;
	ctx->msg_errors = 0;
	pthread_mutex_unlock(&ctx->mu);
	return out;
}

static int has_layer(const char *name) {
	uint32_t n = 0;
	if (vkEnumerateInstanceLayerProperties(&n, NULL) != VK_SUCCESS) return 0;
	VkLayerProperties *props = calloc(n ? n : 1, sizeof *props);
	int found = 0;
	if (props && vkEnumerateInstanceLayerProperties(&n, props) == VK_SUCCESS) {
		for (uint32_t i = 0; i < n; i++) found |= strcmp(props[i].layerName, name) == 0;
	}
	free(props);
	return found;
}

static int has_device_extension(VkPhysicalDevice phys, const char *name) {
	uint32_t n = 0;
	if (vkEnumerateDeviceExtensionProperties(phys, NULL, &n, NULL) != VK_SUCCESS) return 0;
	VkExtensionProperties *props = calloc(n ? n : 1, sizeof *props);
	int found = 0;
	if (props && vkEnumerateDeviceExtensionProperties(phys, NULL, &n, props) == VK_SUCCESS) {
		for (uint32_t i = 0; i < n; i++) found |= strcmp(props[i].extensionName, name) == 0;
	}
	free(props);
	return found;
}

// compute_family finds a queue family with compute, preferring one that also
// has graphics (multisampled images are filled by a draw); *graphics says
// whether it has.
static int compute_family(VkPhysicalDevice phys, uint32_t *family, int *graphics) {
	uint32_t n = 0;
	vkGetPhysicalDeviceQueueFamilyProperties(phys, &n, NULL);
	VkQueueFamilyProperties *props = calloc(n ? n : 1, sizeof *props);
	int found = 0;
	if (props) {
		vkGetPhysicalDeviceQueueFamilyProperties(phys, &n, props);
		for (uint32_t i = 0; i < n; i++) {
			if (!(props[i].queueFlags & VK_QUEUE_COMPUTE_BIT)) continue;
			int g = (props[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) != 0;
			if (!found || (g && !*graphics)) {
				*family = i;
				*graphics = g;
				found = 1;
			}
		}
	}
	free(props);
	return found;
}

// Features enabled on the device: everything the device supports, so that
// shaders using f16, 16-bit storage, int64, the Vulkan memory model and so on
// run without per-test configuration.
typedef struct {
	VkPhysicalDeviceFeatures2 core;
	VkPhysicalDeviceVulkan11Features v11;
	VkPhysicalDeviceVulkan12Features v12;
	VkPhysicalDeviceVulkan13Features v13;
	VkPhysicalDevice16BitStorageFeatures storage16; // Vulkan 1.1 devices only
	VkPhysicalDeviceShaderFloat16Int8Features float16; // Vulkan 1.1 devices with the extension
	int float16_extension;
} features;

static void query_features(VkPhysicalDevice phys, uint32_t api, features *f) {
	memset(f, 0, sizeof *f);
	f->core.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
	if (api >= VK_API_VERSION_1_2) {
		f->v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
		f->v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
		f->core.pNext = &f->v11;
		f->v11.pNext = &f->v12;
		if (api >= VK_API_VERSION_1_3) {
			f->v13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
			f->v12.pNext = &f->v13;
		}
	} else {
		f->storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
		f->core.pNext = &f->storage16;
		f->float16_extension = has_device_extension(phys, VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME);
		if (f->float16_extension) {
			f->float16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES;
			f->storage16.pNext = &f->float16;
		}
	}
	vkGetPhysicalDeviceFeatures2(phys, &f->core);
}

static void fill_info(VkPhysicalDevice phys, const features *f, wv_info *info) {
	VkPhysicalDeviceSubgroupProperties subgroup = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
	VkPhysicalDeviceSubgroupSizeControlProperties size_control = {
	    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES};
	VkPhysicalDeviceDriverProperties driver = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
	VkPhysicalDeviceProperties2 props = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &subgroup};
	VkPhysicalDeviceProperties basic;
	vkGetPhysicalDeviceProperties(phys, &basic);
	if (basic.apiVersion >= VK_API_VERSION_1_2) {
		subgroup.pNext = &driver;
		if (basic.apiVersion >= VK_API_VERSION_1_3) driver.pNext = &size_control;
	}
	vkGetPhysicalDeviceProperties2(phys, &props);
	const VkPhysicalDeviceProperties *p = &props.properties;

	snprintf(info->name, sizeof info->name, "%s", p->deviceName);
	snprintf(info->driver_name, sizeof info->driver_name, "%s", driver.driverName);
	snprintf(info->driver_info, sizeof info->driver_info, "%s", driver.driverInfo);
	info->api_version = p->apiVersion;
	info->driver_version = p->driverVersion;
	info->vendor_id = p->vendorID;
	info->device_id = p->deviceID;
	info->device_type = p->deviceType;
	info->driver_id = driver.driverID;

	if (p->apiVersion >= VK_API_VERSION_1_2) {
		info->shader_float16 = f->v12.shaderFloat16;
		info->storage_buffer_16bit = f->v11.storageBuffer16BitAccess;
		info->uniform_and_storage_buffer_16bit = f->v11.uniformAndStorageBuffer16BitAccess;
		info->vulkan_memory_model = f->v12.vulkanMemoryModel;
	} else {
		info->shader_float16 = f->float16_extension && f->float16.shaderFloat16;
		info->storage_buffer_16bit = f->storage16.storageBuffer16BitAccess;
		info->uniform_and_storage_buffer_16bit = f->storage16.uniformAndStorageBuffer16BitAccess;
	}
	info->subgroup_size_control = p->apiVersion >= VK_API_VERSION_1_3 && f->v13.subgroupSizeControl;
	info->shader_int16 = f->core.features.shaderInt16;
	info->shader_int64 = f->core.features.shaderInt64;
	info->shader_float64 = f->core.features.shaderFloat64;
	info->robust_buffer_access = f->core.features.robustBufferAccess;

	info->subgroup_size = subgroup.subgroupSize;
	info->subgroup_stages = subgroup.supportedStages;
	info->subgroup_ops = subgroup.supportedOperations;
	info->min_subgroup_size = size_control.minSubgroupSize ? size_control.minSubgroupSize : subgroup.subgroupSize;
	info->max_subgroup_size = size_control.maxSubgroupSize ? size_control.maxSubgroupSize : subgroup.subgroupSize;
	info->required_subgroup_size_stages = size_control.requiredSubgroupSizeStages;
	info->max_workgroup_subgroups = size_control.maxComputeWorkgroupSubgroups;
	for (int i = 0; i < 3; i++) {
		info->max_workgroup_size[i] = p->limits.maxComputeWorkGroupSize[i];
		info->max_workgroup_count[i] = p->limits.maxComputeWorkGroupCount[i];
	}
	info->max_workgroup_invocations = p->limits.maxComputeWorkGroupInvocations;
	info->max_uniform_buffer_range = p->limits.maxUniformBufferRange;
	info->max_storage_buffer_range = p->limits.maxStorageBufferRange;
	info->max_bound_sets = p->limits.maxBoundDescriptorSets;
	info->max_push_constants_size = p->limits.maxPushConstantsSize;
	info->max_shared_memory = p->limits.maxComputeSharedMemorySize;
	info->sampled_color_samples = p->limits.sampledImageColorSampleCounts;
	info->sampled_integer_samples = p->limits.sampledImageIntegerSampleCounts;
	info->sampled_depth_samples = p->limits.sampledImageDepthSampleCounts;
	info->framebuffer_color_samples = p->limits.framebufferColorSampleCounts;
	info->framebuffer_depth_samples = p->limits.framebufferDepthSampleCounts;
	info->framebuffer_integer_samples = p->limits.framebufferColorSampleCounts; // Vulkan 1.1: no separate limit
	if (p->apiVersion >= VK_API_VERSION_1_2) {
		// A call of its own: the chain above already has the driver properties
		// that VkPhysicalDeviceVulkan12Properties repeats.
		VkPhysicalDeviceVulkan12Properties v12 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
		VkPhysicalDeviceProperties2 props12 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &v12};
		vkGetPhysicalDeviceProperties2(phys, &props12);
		info->framebuffer_integer_samples = v12.framebufferIntegerColorSampleCounts;
	}
	info->sample_rate_shading = f->core.features.sampleRateShading;
}

// pick_device prefers a CPU device (lavapipe), then any device, as long as it
// has a compute queue and Vulkan 1.1.
static int pick_device(VkInstance instance, VkPhysicalDevice *out, uint32_t *family, int *graphics) {
	uint32_t n = 0;
	if (vkEnumeratePhysicalDevices(instance, &n, NULL) != VK_SUCCESS || n == 0) return 0;
	VkPhysicalDevice *devs = calloc(n, sizeof *devs);
	if (!devs) return 0;
	int best = -1, best_score = -1;
	uint32_t best_family = 0;
	int best_graphics = 0;
	if (vkEnumeratePhysicalDevices(instance, &n, devs) == VK_SUCCESS) {
		for (uint32_t i = 0; i < n; i++) {
			VkPhysicalDeviceProperties p;
			uint32_t fam;
			int g = 0;
			vkGetPhysicalDeviceProperties(devs[i], &p);
			if (p.apiVersion < VK_API_VERSION_1_1 || !compute_family(devs[i], &fam, &g)) continue;
			int score = p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 2 : 1;
			if (score > best_score) {
				best = (int)i;
				best_score = score;
				best_family = fam;
				best_graphics = g;
			}
		}
	}
	if (best >= 0) {
		*out = devs[best];
		*family = best_family;
		*graphics = best_graphics;
	}
	free(devs);
	return best >= 0;
}

int wv_create(int validation, wv_ctx **out, wv_info *info, char *err, size_t errlen) {
	int status = WV_ERROR;
	memset(info, 0, sizeof *info);
	wv_ctx *ctx = calloc(1, sizeof *ctx);
	if (!ctx) {
		errorf(err, errlen, "out of memory");
		return WV_ERROR;
	}
	pthread_mutex_init(&ctx->mu, NULL);

	uint32_t loader = VK_API_VERSION_1_0;
	vkEnumerateInstanceVersion(&loader);
	if (loader < VK_API_VERSION_1_1) {
		errorf(err, errlen, "Vulkan loader supports only %u.%u; need 1.1", VK_API_VERSION_MAJOR(loader),
		       VK_API_VERSION_MINOR(loader));
		goto done;
	}
	VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
	app.pApplicationName = "wgslgo-test";
	app.apiVersion = loader < VK_API_VERSION_1_3 ? loader : VK_API_VERSION_1_3;

	const char *layer = "VK_LAYER_KHRONOS_validation";
	const char *debug_ext = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
	VkDebugUtilsMessengerCreateInfoEXT messenger = {VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
	messenger.messageSeverity =
	    VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
	messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
	messenger.pfnUserCallback = on_message;
	messenger.pUserData = ctx;

	VkInstanceCreateInfo ici = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
	ici.pApplicationInfo = &app;
	if (validation && !has_layer(layer)) {
		if (validation == WV_VALIDATION_REQUIRED) {
			errorf(err, errlen, "validation requested but %s is not installed (Debian: vulkan-validationlayers)",
			       layer);
			goto done;
		}
		validation = WV_VALIDATION_OFF;
	}
	if (validation) {
		ici.enabledLayerCount = 1;
		ici.ppEnabledLayerNames = &layer;
		ici.enabledExtensionCount = 1;
		ici.ppEnabledExtensionNames = &debug_ext;
		ici.pNext = &messenger;
	}
	CHECK(vkCreateInstance(&ici, NULL, &ctx->instance), "vkCreateInstance");
	if (validation) {
		PFN_vkCreateDebugUtilsMessengerEXT create =
		    (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(ctx->instance, "vkCreateDebugUtilsMessengerEXT");
		if (!create) {
			errorf(err, errlen, "validation: vkCreateDebugUtilsMessengerEXT not found");
			goto done;
		}
		CHECK(create(ctx->instance, &messenger, NULL, &ctx->messenger), "vkCreateDebugUtilsMessengerEXT");
		info->validation = 1;
	}

	if (!pick_device(ctx->instance, &ctx->phys, &ctx->queue_family, &ctx->graphics)) {
		errorf(err, errlen, "no Vulkan 1.1 device with a compute queue (is mesa-vulkan-drivers installed?)");
		goto done;
	}
	VkPhysicalDeviceProperties props;
	vkGetPhysicalDeviceProperties(ctx->phys, &props);
	features f;
	query_features(ctx->phys, props.apiVersion, &f);
	fill_info(ctx->phys, &f, info);
	info->graphics = ctx->graphics;
	vkGetPhysicalDeviceMemoryProperties(ctx->phys, &ctx->memory);

	float priority = 1;
	VkDeviceQueueCreateInfo qci = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
	qci.queueFamilyIndex = ctx->queue_family;
	qci.queueCount = 1;
	qci.pQueuePriorities = &priority;
	const char *float16_ext = VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME;
	VkDeviceCreateInfo dci = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
	dci.pNext = &f.core; // the queried chain, as is: enables every supported feature
	dci.queueCreateInfoCount = 1;
	dci.pQueueCreateInfos = &qci;
	if (f.float16_extension) {
		dci.enabledExtensionCount = 1;
		dci.ppEnabledExtensionNames = &float16_ext;
	}
	CHECK(vkCreateDevice(ctx->phys, &dci, NULL, &ctx->device), "vkCreateDevice");
	vkGetDeviceQueue(ctx->device, ctx->queue_family, 0, &ctx->queue);

	VkCommandPoolCreateInfo pci = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
	pci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
	pci.queueFamilyIndex = ctx->queue_family;
	CHECK(vkCreateCommandPool(ctx->device, &pci, NULL, &ctx->pool), "vkCreateCommandPool");
	status = WV_OK;

done:
	if (status != WV_OK) {
		if (ctx->device) vkDestroyDevice(ctx->device, NULL);
		if (ctx->messenger) {
			PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
			    ctx->instance, "vkDestroyDebugUtilsMessengerEXT");
			if (destroy) destroy(ctx->instance, ctx->messenger, NULL);
		}
		if (ctx->instance) vkDestroyInstance(ctx->instance, NULL);
		free(ctx->msgs);
		pthread_mutex_destroy(&ctx->mu);
		free(ctx);
		return status;
	}
	*out = ctx;
	return WV_OK;
}

static int memory_type(const wv_ctx *ctx, uint32_t bits, VkMemoryPropertyFlags want) {
	for (uint32_t i = 0; i < ctx->memory.memoryTypeCount; i++) {
		if ((bits & (1u << i)) && (ctx->memory.memoryTypes[i].propertyFlags & want) == want) return (int)i;
	}
	return -1;
}

static VkDescriptorType descriptor_type(uint32_t kind) {
	switch (kind) {
	case WV_UNIFORM_BUFFER: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
	case WV_STORAGE_BUFFER:
	case WV_READONLY_STORAGE_BUFFER: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
	case WV_STORAGE_IMAGE: return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
	case WV_SAMPLED_IMAGE: return VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
	case WV_SAMPLER:
	case WV_COMPARISON_SAMPLER: return VK_DESCRIPTOR_TYPE_SAMPLER;
	case WV_COMBINED_IMAGE_SAMPLER: return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
	default: return VK_DESCRIPTOR_TYPE_MAX_ENUM;
	}
}

static int is_buffer(uint32_t kind) { return kind >= WV_UNIFORM_BUFFER && kind <= WV_READONLY_STORAGE_BUFFER; }
static int has_image(uint32_t kind) {
	return kind == WV_STORAGE_IMAGE || kind == WV_SAMPLED_IMAGE || kind == WV_COMBINED_IMAGE_SAMPLER;
}
static int has_sampler(uint32_t kind) {
	return kind == WV_SAMPLER || kind == WV_COMPARISON_SAMPLER || kind == WV_COMBINED_IMAGE_SAMPLER;
}
static VkImageAspectFlags aspect_of(uint32_t format) {
	return format == VK_FORMAT_D32_SFLOAT ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
}

// Per-binding objects. The staging buffer of an image carries the texels in
// both directions.
typedef struct {
	VkBuffer buffer;
	VkDeviceMemory memory;
	void *mapped;
	VkImage image;
	VkDeviceMemory image_memory;
	VkImageView view;
	VkSampler sampler;

	// The draw that fills a multisampled image (see wv_binding.fill_code).
	VkRenderPass render_pass;
	VkFramebuffer framebuffer;
	VkDescriptorSetLayout fill_set_layout;
	VkDescriptorPool fill_pool;
	VkDescriptorSet fill_set;
	VkPipelineLayout fill_layout;
	VkShaderModule fill_module;
	VkPipeline fill_pipeline;
} resource;

static VkResult make_buffer(const wv_ctx *ctx, VkDeviceSize size, VkBufferUsageFlags usage, resource *r, char *err,
                            size_t errlen) {
	VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
	bci.size = size;
	bci.usage = usage;
	bci.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
	VkResult res = vkCreateBuffer(ctx->device, &bci, NULL, &r->buffer);
	if (res != VK_SUCCESS) return res;
	VkMemoryRequirements req;
	vkGetBufferMemoryRequirements(ctx->device, r->buffer, &req);
	int type = memory_type(ctx, req.memoryTypeBits,
	                       VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
	if (type < 0) {
		errorf(err, errlen, "no host-visible coherent memory type for a buffer");
		return VK_ERROR_OUT_OF_DEVICE_MEMORY;
	}
	VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
	mai.allocationSize = req.size;
	mai.memoryTypeIndex = (uint32_t)type;
	res = vkAllocateMemory(ctx->device, &mai, NULL, &r->memory);
	if (res != VK_SUCCESS) return res;
	res = vkBindBufferMemory(ctx->device, r->buffer, r->memory, 0);
	if (res != VK_SUCCESS) return res;
	return vkMapMemory(ctx->device, r->memory, 0, VK_WHOLE_SIZE, 0, &r->mapped);
}

static VkImageViewType view_type(uint32_t dim) {
	switch (dim) {
	case WV_DIM_1D: return VK_IMAGE_VIEW_TYPE_1D;
	case WV_DIM_1D_ARRAY: return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
	case WV_DIM_2D: return VK_IMAGE_VIEW_TYPE_2D;
	case WV_DIM_2D_ARRAY: return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
	case WV_DIM_3D: return VK_IMAGE_VIEW_TYPE_3D;
	case WV_DIM_CUBE: return VK_IMAGE_VIEW_TYPE_CUBE;
	default: return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
	}
}

static int is_multisampled(const wv_binding *b) { return b->samples > 1; }

// attachment_usage is how a multisampled image is written: as the attachment
// of the fill draw.
static VkImageUsageFlags attachment_usage(uint32_t format) {
	return aspect_of(format) == VK_IMAGE_ASPECT_DEPTH_BIT ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT
	                                                      : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
}

uint32_t wv_image_sample_counts(wv_ctx *ctx, uint32_t format) {
	VkImageFormatProperties ifp;
	VkResult r = vkGetPhysicalDeviceImageFormatProperties(ctx->phys, (VkFormat)format, VK_IMAGE_TYPE_2D,
	                                                      VK_IMAGE_TILING_OPTIMAL,
	                                                      VK_IMAGE_USAGE_SAMPLED_BIT | attachment_usage(format), 0, &ifp);
	return r == VK_SUCCESS ? (uint32_t)ifp.sampleCounts : 0;
}

static int make_image(const wv_ctx *ctx, const wv_binding *b, resource *r, char *err, size_t errlen) {
	int status = WV_ERROR;
	int storage = b->kind == WV_STORAGE_IMAGE;
	int ms = is_multisampled(b);
	VkFormatProperties fp;
	vkGetPhysicalDeviceFormatProperties(ctx->phys, (VkFormat)b->format, &fp);
	VkFormatFeatureFlags need = storage ? VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT : VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
	if (ms) {
		need |= aspect_of(b->format) == VK_IMAGE_ASPECT_DEPTH_BIT ? VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT
		                                                           : VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
	}
	if ((fp.optimalTilingFeatures & need) != need) {
		errorf(err, errlen, "binding (%u,%u): the device cannot use VkFormat %u as a %s image", b->group, b->binding,
		       b->format, ms ? "multisampled attachment and sampled" : storage ? "storage" : "sampled");
		return WV_ERROR;
	}
	VkImageUsageFlags usage = ms ? VK_IMAGE_USAGE_SAMPLED_BIT | attachment_usage(b->format)
	                             : VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
	                                   (storage ? VK_IMAGE_USAGE_STORAGE_BIT : VK_IMAGE_USAGE_SAMPLED_BIT);
	if (ms) {
		uint32_t counts = wv_image_sample_counts((wv_ctx *)ctx, b->format);
		if (!(counts & b->samples)) {
			errorf(err, errlen, "binding (%u,%u): the device has no %u-sample images of VkFormat %u (sample counts 0x%x)",
			       b->group, b->binding, b->samples, b->format, counts);
			return WV_ERROR;
		}
	}
	VkImageCreateInfo ici = {VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
	ici.imageType = b->dim == WV_DIM_1D || b->dim == WV_DIM_1D_ARRAY ? VK_IMAGE_TYPE_1D
	                : b->dim == WV_DIM_3D                            ? VK_IMAGE_TYPE_3D
	                                                                 : VK_IMAGE_TYPE_2D;
	if (b->dim == WV_DIM_CUBE || b->dim == WV_DIM_CUBE_ARRAY) ici.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
	ici.format = (VkFormat)b->format;
	ici.extent.width = b->width;
	ici.extent.height = b->height;
	ici.extent.depth = b->depth;
	ici.mipLevels = b->mips;
	ici.arrayLayers = b->layers;
	ici.samples = ms ? (VkSampleCountFlagBits)b->samples : VK_SAMPLE_COUNT_1_BIT;
	ici.tiling = VK_IMAGE_TILING_OPTIMAL;
	ici.usage = usage;
	ici.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
	ici.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
	CHECK(vkCreateImage(ctx->device, &ici, NULL, &r->image), "vkCreateImage");
	VkMemoryRequirements req;
	vkGetImageMemoryRequirements(ctx->device, r->image, &req);
	int type = memory_type(ctx, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
	if (type < 0) type = memory_type(ctx, req.memoryTypeBits, 0);
	if (type < 0) {
		errorf(err, errlen, "no memory type for an image");
		goto done;
	}
	VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
	mai.allocationSize = req.size;
	mai.memoryTypeIndex = (uint32_t)type;
	CHECK(vkAllocateMemory(ctx->device, &mai, NULL, &r->image_memory), "vkAllocateMemory(image)");
	CHECK(vkBindImageMemory(ctx->device, r->image, r->image_memory, 0), "vkBindImageMemory");

	VkImageViewCreateInfo vci = {VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
	vci.image = r->image;
	vci.viewType = view_type(b->dim);
	vci.format = (VkFormat)b->format;
	vci.subresourceRange.aspectMask = aspect_of(b->format);
	vci.subresourceRange.levelCount = storage ? 1 : b->mips; // storage views see one mip level
	vci.subresourceRange.layerCount = b->layers;
	CHECK(vkCreateImageView(ctx->device, &vci, NULL, &r->view), "vkCreateImageView");
	// A multisampled image's texels reach it through the fill draw, which
	// reads them as a storage buffer; the others are copied both ways.
	CHECK(make_buffer(ctx, b->size,
	                  ms ? VK_BUFFER_USAGE_STORAGE_BUFFER_BIT
	                     : VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
	                  r, err, errlen),
	      "staging buffer");
	memcpy(r->mapped, b->data, b->size);
	status = WV_OK;
done:
	return status;
}

static int make_sampler(const wv_ctx *ctx, const wv_binding *b, resource *r, char *err, size_t errlen) {
	int status = WV_ERROR;
	VkSamplerCreateInfo sci = {VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
	sci.magFilter = (VkFilter)b->mag_filter;
	sci.minFilter = (VkFilter)b->min_filter;
	sci.mipmapMode = (VkSamplerMipmapMode)b->mipmap_mode;
	sci.addressModeU = (VkSamplerAddressMode)b->address_u;
	sci.addressModeV = (VkSamplerAddressMode)b->address_v;
	sci.addressModeW = (VkSamplerAddressMode)b->address_w;
	sci.compareEnable = b->compare_enable ? VK_TRUE : VK_FALSE;
	sci.compareOp = (VkCompareOp)b->compare_op;
	sci.maxLod = VK_LOD_CLAMP_NONE;
	sci.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
	CHECK(vkCreateSampler(ctx->device, &sci, NULL, &r->sampler), "vkCreateSampler");
	status = WV_OK;
done:
	return status;
}

// copy_regions fills one VkBufferImageCopy per mip level for the packed
// layout: mip-major, then layer, then z, y, x.
static void copy_regions(const wv_binding *b, VkBufferImageCopy *regions) {
	VkDeviceSize offset = 0;
	for (uint32_t m = 0; m < b->mips; m++) {
		uint32_t w = b->width >> m ? b->width >> m : 1;
		uint32_t h = b->height >> m ? b->height >> m : 1;
		uint32_t d = b->depth >> m ? b->depth >> m : 1;
		VkBufferImageCopy *r = &regions[m];
		memset(r, 0, sizeof *r);
		r->bufferOffset = offset;
		r->imageSubresource.aspectMask = aspect_of(b->format);
		r->imageSubresource.mipLevel = m;
		r->imageSubresource.layerCount = b->layers;
		r->imageExtent.width = w;
		r->imageExtent.height = h;
		r->imageExtent.depth = d;
		offset += (VkDeviceSize)w * h * d * b->layers * b->texel_size;
	}
}

static void image_barrier(VkCommandBuffer cmd, const wv_binding *b, VkImage image, VkImageLayout from,
                          VkImageLayout to, VkAccessFlags src_access, VkAccessFlags dst_access,
                          VkPipelineStageFlags src_stage, VkPipelineStageFlags dst_stage) {
	VkImageMemoryBarrier ib = {VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
	ib.srcAccessMask = src_access;
	ib.dstAccessMask = dst_access;
	ib.oldLayout = from;
	ib.newLayout = to;
	ib.srcQueueFamilyIndex = ib.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
	ib.image = image;
	ib.subresourceRange.aspectMask = aspect_of(b->format);
	ib.subresourceRange.levelCount = b->mips;
	ib.subresourceRange.layerCount = b->layers;
	vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &ib);
}

// triangle_pipeline describes the graphics pipelines of the harness: a
// triangle list of a vertex and a fragment entry point over a whole target
// (a viewport with a positive height and depth range [0, 1]), no culling, front
// face counter-clockwise, no blending.
typedef struct {
	VkShaderModule module;
	const char *vertex_entry, *fragment_entry;
	const VkSpecializationInfo *spec;
	const VkPipelineVertexInputStateCreateInfo *vertex_input; // NULL: no vertex buffers
	uint32_t width, height;
	uint32_t samples; // more than 1: one fragment shader invocation per sample
	int depth;        // a depth attachment, its test always passing, instead of a color one
	VkPipelineLayout layout;
	VkRenderPass render_pass;
} triangle_pipeline;

static VkResult make_triangle_pipeline(VkDevice dev, const triangle_pipeline *p, VkPipeline *out) {
	VkPipelineShaderStageCreateInfo stages[2] = {{VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
	                                             {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
	stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
	stages[0].module = p->module;
	stages[0].pName = p->vertex_entry;
	stages[0].pSpecializationInfo = p->spec;
	stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
	stages[1].module = p->module;
	stages[1].pName = p->fragment_entry;
	stages[1].pSpecializationInfo = p->spec;
	VkPipelineVertexInputStateCreateInfo no_vertices = {VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
	VkPipelineInputAssemblyStateCreateInfo ia = {VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
	ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
	VkViewport viewport = {0, 0, (float)p->width, (float)p->height, 0, 1};
	VkRect2D scissor = {{0, 0}, {p->width, p->height}};
	VkPipelineViewportStateCreateInfo vp = {VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
	vp.viewportCount = 1;
	vp.pViewports = &viewport;
	vp.scissorCount = 1;
	vp.pScissors = &scissor;
	VkPipelineRasterizationStateCreateInfo rs = {VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
	rs.polygonMode = VK_POLYGON_MODE_FILL;
	rs.cullMode = VK_CULL_MODE_NONE;
	rs.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
	rs.lineWidth = 1;
	VkPipelineMultisampleStateCreateInfo ms = {VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
	ms.rasterizationSamples = p->samples > 1 ? (VkSampleCountFlagBits)p->samples : VK_SAMPLE_COUNT_1_BIT;
	if (p->samples > 1) {
		ms.sampleShadingEnable = VK_TRUE;
		ms.minSampleShading = 1;
	}
	VkPipelineDepthStencilStateCreateInfo ds = {VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
	ds.depthTestEnable = VK_TRUE;
	ds.depthWriteEnable = VK_TRUE;
	ds.depthCompareOp = VK_COMPARE_OP_ALWAYS;
	VkPipelineColorBlendAttachmentState blend = {0};
	blend.colorWriteMask =
	    VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
	VkPipelineColorBlendStateCreateInfo cb = {VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
	cb.attachmentCount = 1;
	cb.pAttachments = &blend;
	VkGraphicsPipelineCreateInfo gpci = {VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
	gpci.stageCount = 2;
	gpci.pStages = stages;
	gpci.pVertexInputState = p->vertex_input ? p->vertex_input : &no_vertices;
	gpci.pInputAssemblyState = &ia;
	gpci.pViewportState = &vp;
	gpci.pRasterizationState = &rs;
	gpci.pMultisampleState = &ms;
	gpci.pDepthStencilState = p->depth ? &ds : NULL;
	gpci.pColorBlendState = p->depth ? NULL : &cb;
	gpci.layout = p->layout;
	gpci.renderPass = p->render_pass;
	return vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &gpci, NULL, out);
}

// begin_pass begins a render pass over a whole framebuffer, clearing its
// attachment to zero.
static void begin_pass(VkCommandBuffer cmd, VkRenderPass rp, VkFramebuffer fb, uint32_t width, uint32_t height) {
	VkClearValue clear;
	memset(&clear, 0, sizeof clear);
	VkRenderPassBeginInfo rpbi = {VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
	rpbi.renderPass = rp;
	rpbi.framebuffer = fb;
	rpbi.renderArea.extent.width = width;
	rpbi.renderArea.extent.height = height;
	rpbi.clearValueCount = 1;
	rpbi.pClearValues = &clear;
	vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
}

// make_fill creates what the draw that writes a multisampled image needs: a
// render pass with the image as its only attachment (ending in the layout the
// compute shader reads it in), a framebuffer, and a graphics pipeline of the
// binding's fill shaders at sample rate, reading the staging buffer.
static int make_fill(const wv_ctx *ctx, const wv_binding *b, resource *r, char *err, size_t errlen) {
	int status = WV_ERROR;
	VkDevice dev = ctx->device;
	int depth = aspect_of(b->format) == VK_IMAGE_ASPECT_DEPTH_BIT;
	if (!ctx->graphics) {
		errorf(err, errlen, "binding (%u,%u): multisampled images are filled by a draw, but the queue has no graphics",
		       b->group, b->binding);
		return WV_ERROR;
	}
	if (!b->fill_code || b->fill_words == 0) {
		errorf(err, errlen, "binding (%u,%u): a multisampled image needs its fill shaders", b->group, b->binding);
		return WV_ERROR;
	}

	VkAttachmentDescription att = {0};
	att.format = (VkFormat)b->format;
	att.samples = (VkSampleCountFlagBits)b->samples;
	att.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR; // the draw covers every sample; clear anyway, for determinism
	att.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
	att.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
	att.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
	att.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
	att.finalLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
	VkAttachmentReference ref = {0, depth ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL
	                                      : VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
	VkSubpassDescription sub = {0};
	sub.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
	if (depth) {
		sub.pDepthStencilAttachment = &ref;
	} else {
		sub.colorAttachmentCount = 1;
		sub.pColorAttachments = &ref;
	}
	// The attachment writes happen before the compute shader reads.
	VkSubpassDependency deps[2] = {{0}, {0}};
	deps[0].srcSubpass = VK_SUBPASS_EXTERNAL;
	deps[0].dstSubpass = 0;
	deps[0].srcStageMask = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT;
	deps[0].dstStageMask = depth ? VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT
	                             : VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
	deps[0].dstAccessMask =
	    depth ? VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT : VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
	deps[1].srcSubpass = 0;
	deps[1].dstSubpass = VK_SUBPASS_EXTERNAL;
	deps[1].srcStageMask = deps[0].dstStageMask;
	deps[1].srcAccessMask = deps[0].dstAccessMask;
	deps[1].dstStageMask = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
	deps[1].dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
	VkRenderPassCreateInfo rpci = {VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
	rpci.attachmentCount = 1;
	rpci.pAttachments = &att;
	rpci.subpassCount = 1;
	rpci.pSubpasses = &sub;
	rpci.dependencyCount = 2;
	rpci.pDependencies = deps;
	CHECK(vkCreateRenderPass(dev, &rpci, NULL, &r->render_pass), "vkCreateRenderPass");

	VkFramebufferCreateInfo fbci = {VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
	fbci.renderPass = r->render_pass;
	fbci.attachmentCount = 1;
	fbci.pAttachments = &r->view;
	fbci.width = b->width;
	fbci.height = b->height;
	fbci.layers = 1;
	CHECK(vkCreateFramebuffer(dev, &fbci, NULL, &r->framebuffer), "vkCreateFramebuffer");

	VkDescriptorSetLayoutBinding lb = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL};
	VkDescriptorSetLayoutCreateInfo lci = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
	lci.bindingCount = 1;
	lci.pBindings = &lb;
	CHECK(vkCreateDescriptorSetLayout(dev, &lci, NULL, &r->fill_set_layout), "vkCreateDescriptorSetLayout(fill)");
	VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
	VkDescriptorPoolCreateInfo dpci = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
	dpci.maxSets = 1;
	dpci.poolSizeCount = 1;
	dpci.pPoolSizes = &size;
	CHECK(vkCreateDescriptorPool(dev, &dpci, NULL, &r->fill_pool), "vkCreateDescriptorPool(fill)");
	VkDescriptorSetAllocateInfo dsai = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
	dsai.descriptorPool = r->fill_pool;
	dsai.descriptorSetCount = 1;
	dsai.pSetLayouts = &r->fill_set_layout;
	CHECK(vkAllocateDescriptorSets(dev, &dsai, &r->fill_set), "vkAllocateDescriptorSets(fill)");
	VkDescriptorBufferInfo bi = {r->buffer, 0, b->size};
	VkWriteDescriptorSet w = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
	w.dstSet = r->fill_set;
	w.descriptorCount = 1;
	w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
	w.pBufferInfo = &bi;
	vkUpdateDescriptorSets(dev, 1, &w, 0, NULL);
	VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
	plci.setLayoutCount = 1;
	plci.pSetLayouts = &r->fill_set_layout;
	CHECK(vkCreatePipelineLayout(dev, &plci, NULL, &r->fill_layout), "vkCreatePipelineLayout(fill)");

	VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
	smci.codeSize = b->fill_words * 4;
	smci.pCode = b->fill_code;
	CHECK(vkCreateShaderModule(dev, &smci, NULL, &r->fill_module), "vkCreateShaderModule(fill)");
	// One fragment shader invocation per sample (the shader reads sample_index,
	// which implies it; said here as well).
	triangle_pipeline tp = {r->fill_module, "vs", "fs", NULL, NULL, b->width, b->height, b->samples, depth,
	                        r->fill_layout, r->render_pass};
	CHECK(make_triangle_pipeline(dev, &tp, &r->fill_pipeline), "vkCreateGraphicsPipelines(fill)");
	status = WV_OK;
done:
	return status;
}

// record_fill draws the triangle that writes every sample of a multisampled
// image; the render pass leaves it in SHADER_READ_ONLY_OPTIMAL.
static void record_fill(VkCommandBuffer cmd, const wv_binding *b, const resource *r) {
	begin_pass(cmd, r->render_pass, r->framebuffer, b->width, b->height);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->fill_pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->fill_layout, 0, 1, &r->fill_set, 0, NULL);
	vkCmdDraw(cmd, 3, 1, 0, 0);
	vkCmdEndRenderPass(cmd);
}

// The objects of a draw (wv_run.vertex_entry set): the color target, its
// render pass, framebuffer and readback buffer, the vertex buffers and the
// graphics pipeline.
typedef struct {
	VkImage target;
	VkDeviceMemory target_memory;
	VkImageView target_view;
	resource readback; // host-visible buffer the target is copied to
	VkRenderPass render_pass;
	VkFramebuffer framebuffer;
	resource *vertex; // one per vertex buffer
	VkPipeline pipeline;
} draw_objects;

static int make_draw(const wv_ctx *ctx, const wv_run *run, VkShaderModule module, VkSpecializationInfo *si,
                     VkPipelineLayout layout, draw_objects *d, char *err, size_t errlen) {
	int status = WV_ERROR;
	VkDevice dev = ctx->device;
	if (!ctx->graphics) {
		errorf(err, errlen, "a draw needs a queue with graphics, and the device's has none");
		return WV_ERROR;
	}
	VkFormatProperties fp;
	vkGetPhysicalDeviceFormatProperties(ctx->phys, (VkFormat)run->target_format, &fp);
	if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)) {
		errorf(err, errlen, "the device cannot render to VkFormat %u", run->target_format);
		return WV_ERROR;
	}
	VkImageCreateInfo ici = {VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
	ici.imageType = VK_IMAGE_TYPE_2D;
	ici.format = (VkFormat)run->target_format;
	ici.extent.width = run->target_width;
	ici.extent.height = run->target_height;
	ici.extent.depth = 1;
	ici.mipLevels = 1;
	ici.arrayLayers = 1;
	ici.samples = VK_SAMPLE_COUNT_1_BIT;
	ici.tiling = VK_IMAGE_TILING_OPTIMAL;
	ici.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
	ici.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
	ici.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
	CHECK(vkCreateImage(dev, &ici, NULL, &d->target), "vkCreateImage(target)");
	VkMemoryRequirements req;
	vkGetImageMemoryRequirements(dev, d->target, &req);
	int type = memory_type(ctx, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
	if (type < 0) type = memory_type(ctx, req.memoryTypeBits, 0);
	if (type < 0) {
		errorf(err, errlen, "no memory type for the target");
		goto done;
	}
	VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
	mai.allocationSize = req.size;
	mai.memoryTypeIndex = (uint32_t)type;
	CHECK(vkAllocateMemory(dev, &mai, NULL, &d->target_memory), "vkAllocateMemory(target)");
	CHECK(vkBindImageMemory(dev, d->target, d->target_memory, 0), "vkBindImageMemory(target)");
	VkImageViewCreateInfo vci = {VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
	vci.image = d->target;
	vci.viewType = VK_IMAGE_VIEW_TYPE_2D;
	vci.format = (VkFormat)run->target_format;
	vci.subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
	vci.subresourceRange.levelCount = 1;
	vci.subresourceRange.layerCount = 1;
	CHECK(vkCreateImageView(dev, &vci, NULL, &d->target_view), "vkCreateImageView(target)");
	CHECK(make_buffer(ctx, (VkDeviceSize)run->target_width * run->target_height * run->target_texel_size,
	                  VK_BUFFER_USAGE_TRANSFER_DST_BIT, &d->readback, err, errlen),
	      "readback buffer");

	VkAttachmentDescription att = {0};
	att.format = (VkFormat)run->target_format;
	att.samples = VK_SAMPLE_COUNT_1_BIT;
	att.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
	att.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
	att.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
	att.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
	att.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
	att.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
	VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
	VkSubpassDescription sub = {0};
	sub.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
	sub.colorAttachmentCount = 1;
	sub.pColorAttachments = &ref;
	// The color writes happen before the copy to the readback buffer.
	VkSubpassDependency dep = {0};
	dep.srcSubpass = 0;
	dep.dstSubpass = VK_SUBPASS_EXTERNAL;
	dep.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
	dep.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
	dep.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
	dep.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
	VkRenderPassCreateInfo rpci = {VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
	rpci.attachmentCount = 1;
	rpci.pAttachments = &att;
	rpci.subpassCount = 1;
	rpci.pSubpasses = &sub;
	rpci.dependencyCount = 1;
	rpci.pDependencies = &dep;
	CHECK(vkCreateRenderPass(dev, &rpci, NULL, &d->render_pass), "vkCreateRenderPass(draw)");
	VkFramebufferCreateInfo fbci = {VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
	fbci.renderPass = d->render_pass;
	fbci.attachmentCount = 1;
	fbci.pAttachments = &d->target_view;
	fbci.width = run->target_width;
	fbci.height = run->target_height;
	fbci.layers = 1;
	CHECK(vkCreateFramebuffer(dev, &fbci, NULL, &d->framebuffer), "vkCreateFramebuffer(draw)");

	// Vertex buffers and the vertex input state.
	uint32_t nvb = run->vertex_buffer_count, nattr = 0;
	for (uint32_t i = 0; i < nvb; i++) nattr += run->vertex_buffers[i].attribute_count;
	d->vertex = calloc(nvb ? nvb : 1, sizeof *d->vertex);
	VkVertexInputBindingDescription *vbd = calloc(nvb ? nvb : 1, sizeof *vbd);
	VkVertexInputAttributeDescription *vad = calloc(nattr ? nattr : 1, sizeof *vad);
	if (!d->vertex || !vbd || !vad) {
		free(vbd);
		free(vad);
		errorf(err, errlen, "out of memory");
		goto done;
	}
	uint32_t a = 0;
	for (uint32_t i = 0; i < nvb; i++) {
		const wv_vertex_buffer *vb = &run->vertex_buffers[i];
		if (make_buffer(ctx, vb->size, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &d->vertex[i], err, errlen) != VK_SUCCESS) {
			free(vbd);
			free(vad);
			if (!err[0]) errorf(err, errlen, "vertex buffer %u: creation failed", i);
			goto done;
		}
		memcpy(d->vertex[i].mapped, vb->data, vb->size);
		vbd[i].binding = i;
		vbd[i].stride = vb->stride;
		vbd[i].inputRate = vb->per_instance ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
		for (uint32_t k = 0; k < vb->attribute_count; k++, a++) {
			vad[a].location = vb->attributes[k].location;
			vad[a].binding = i;
			vad[a].format = (VkFormat)vb->attributes[k].format;
			vad[a].offset = vb->attributes[k].offset;
		}
	}
	VkPipelineVertexInputStateCreateInfo vi = {VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
	vi.vertexBindingDescriptionCount = nvb;
	vi.pVertexBindingDescriptions = vbd;
	vi.vertexAttributeDescriptionCount = nattr;
	vi.pVertexAttributeDescriptions = vad;

	triangle_pipeline tp = {module, run->vertex_entry, run->fragment_entry, si, &vi, run->target_width,
	                        run->target_height, 1, 0, layout, d->render_pass};
	VkResult created = make_triangle_pipeline(dev, &tp, &d->pipeline);
	free(vbd);
	free(vad);
	CHECK(created, "vkCreateGraphicsPipelines(draw)");
	status = WV_OK;
done:
	return status;
}

// record_draw records the draw and the copy of its target to the readback
// buffer.
static void record_draw(VkCommandBuffer cmd, const wv_run *run, const draw_objects *d) {
	begin_pass(cmd, d->render_pass, d->framebuffer, run->target_width, run->target_height);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, d->pipeline);
	for (uint32_t i = 0; i < run->vertex_buffer_count; i++) {
		VkDeviceSize offset = 0;
		vkCmdBindVertexBuffers(cmd, i, 1, &d->vertex[i].buffer, &offset);
	}
	vkCmdDraw(cmd, run->vertex_count, run->instance_count ? run->instance_count : 1, 0, 0);
	vkCmdEndRenderPass(cmd);
	VkBufferImageCopy region;
	memset(&region, 0, sizeof region);
	region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
	region.imageSubresource.layerCount = 1;
	region.imageExtent.width = run->target_width;
	region.imageExtent.height = run->target_height;
	region.imageExtent.depth = 1;
	vkCmdCopyImageToBuffer(cmd, d->target, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->readback.buffer, 1, &region);
	VkBufferMemoryBarrier bb = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
	bb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
	bb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
	bb.srcQueueFamilyIndex = bb.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
	bb.buffer = d->readback.buffer;
	bb.size = VK_WHOLE_SIZE;
	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0, NULL, 1, &bb, 0, NULL);
}

static void free_resource(VkDevice dev, resource *r) {
	if (r->buffer) vkDestroyBuffer(dev, r->buffer, NULL);
	if (r->memory) vkFreeMemory(dev, r->memory, NULL);
}

static void free_draw(VkDevice dev, const wv_run *run, draw_objects *d) {
	if (d->pipeline) vkDestroyPipeline(dev, d->pipeline, NULL);
	for (uint32_t i = 0; d->vertex && i < run->vertex_buffer_count; i++) free_resource(dev, &d->vertex[i]);
	free(d->vertex);
	if (d->framebuffer) vkDestroyFramebuffer(dev, d->framebuffer, NULL);
	if (d->render_pass) vkDestroyRenderPass(dev, d->render_pass, NULL);
	free_resource(dev, &d->readback);
	if (d->target_view) vkDestroyImageView(dev, d->target_view, NULL);
	if (d->target) vkDestroyImage(dev, d->target, NULL);
	if (d->target_memory) vkFreeMemory(dev, d->target_memory, NULL);
}

int wv_dispatch(wv_ctx *ctx, const wv_run *run, char *err, size_t errlen) {
	int status = WV_ERROR;
	VkDevice dev = ctx->device;
	uint32_t n = run->binding_count;
	uint32_t nsets = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (run->bindings[i].group + 1 > nsets) nsets = run->bindings[i].group + 1;
	}

	resource *res = calloc(n ? n : 1, sizeof *res);
	VkDescriptorSetLayout *layouts = calloc(nsets ? nsets : 1, sizeof *layouts);
	VkDescriptorSet *sets = calloc(nsets ? nsets : 1, sizeof *sets);
	VkDescriptorSetLayoutBinding *lb = calloc(n ? n : 1, sizeof *lb);
	VkWriteDescriptorSet *writes = calloc(n ? n : 1, sizeof *writes);
	VkDescriptorBufferInfo *buffer_infos = calloc(n ? n : 1, sizeof *buffer_infos);
	VkDescriptorImageInfo *image_infos = calloc(n ? n : 1, sizeof *image_infos);
	VkSpecializationMapEntry *spec = calloc(run->spec_count ? run->spec_count : 1, sizeof *spec);
	VkBufferImageCopy *regions = NULL;
	VkDescriptorPool dpool = VK_NULL_HANDLE;
	VkPipelineLayout playout = VK_NULL_HANDLE;
	VkShaderModule module = VK_NULL_HANDLE;
	VkPipeline pipeline = VK_NULL_HANDLE;
	VkCommandBuffer cmd = VK_NULL_HANDLE;
	VkFence fence = VK_NULL_HANDLE;
	uint32_t max_mips = 1;
	int draw = run->vertex_entry != NULL;
	draw_objects dobj;
	memset(&dobj, 0, sizeof dobj);
	// The stages of the run, for descriptors and push constants that do not say, and the
	// pipeline stages that read the resources.
	uint32_t run_stages = draw ? VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT : VK_SHADER_STAGE_COMPUTE_BIT;
	VkPipelineStageFlags shader_stages = draw ? VK_PIPELINE_STAGE_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT
	                                          : VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
	VkPipelineBindPoint bind_point = draw ? VK_PIPELINE_BIND_POINT_GRAPHICS : VK_PIPELINE_BIND_POINT_COMPUTE;
	if (!res || !layouts || !sets || !lb || !writes || !buffer_infos || !image_infos || !spec) {
		errorf(err, errlen, "out of memory");
		goto done;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (run->bindings[i].mips > max_mips) max_mips = run->bindings[i].mips;
	}
	regions = calloc(max_mips, sizeof *regions);
	if (!regions) {
		errorf(err, errlen, "out of memory");
		goto done;
	}

	// Resources.
	for (uint32_t i = 0; i < n; i++) {
		const wv_binding *b = &run->bindings[i];
		if (is_buffer(b->kind)) {
			VkBufferUsageFlags usage =
			    b->kind == WV_UNIFORM_BUFFER ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
			CHECK(make_buffer(ctx, b->size, usage, &res[i], err, errlen), "buffer");
			memcpy(res[i].mapped, b->data, b->size);
		}
		if (has_image(b->kind) && make_image(ctx, b, &res[i], err, errlen) != WV_OK) goto done;
		if (is_multisampled(b) && make_fill(ctx, b, &res[i], err, errlen) != WV_OK) goto done;
		if (has_sampler(b->kind) && make_sampler(ctx, b, &res[i], err, errlen) != WV_OK) goto done;
	}

	// Descriptor set layouts, one per group 0..nsets-1 (empty for unused groups).
	uint32_t counts[11] = {0}; // indexed by VkDescriptorType, which runs 0..10 for the core types
	for (uint32_t s = 0; s < nsets; s++) {
		uint32_t m = 0;
		for (uint32_t i = 0; i < n; i++) {
			const wv_binding *b = &run->bindings[i];
			if (b->group != s) continue;
			lb[m].binding = b->binding;
			lb[m].descriptorType = descriptor_type(b->kind);
			lb[m].descriptorCount = 1;
			lb[m].stageFlags = b->stages ? b->stages : run_stages;
			counts[lb[m].descriptorType]++;
			m++;
		}
		VkDescriptorSetLayoutCreateInfo lci = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
		lci.bindingCount = m;
		lci.pBindings = lb;
		CHECK(vkCreateDescriptorSetLayout(dev, &lci, NULL, &layouts[s]), "vkCreateDescriptorSetLayout");
	}
	if (nsets > 0) {
		VkDescriptorPoolSize sizes[11];
		uint32_t nsizes = 0;
		for (uint32_t t = 0; t < 11; t++) {
			if (counts[t]) {
				sizes[nsizes].type = (VkDescriptorType)t;
				sizes[nsizes].descriptorCount = counts[t];
				nsizes++;
			}
		}
		VkDescriptorPoolCreateInfo dpci = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
		dpci.maxSets = nsets;
		dpci.poolSizeCount = nsizes;
		dpci.pPoolSizes = sizes;
		CHECK(vkCreateDescriptorPool(dev, &dpci, NULL, &dpool), "vkCreateDescriptorPool");
		VkDescriptorSetAllocateInfo dsai = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
		dsai.descriptorPool = dpool;
		dsai.descriptorSetCount = nsets;
		dsai.pSetLayouts = layouts;
		CHECK(vkAllocateDescriptorSets(dev, &dsai, sets), "vkAllocateDescriptorSets");
		for (uint32_t i = 0; i < n; i++) {
			const wv_binding *b = &run->bindings[i];
			VkWriteDescriptorSet *w = &writes[i];
			w->sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
			w->dstSet = sets[b->group];
			w->dstBinding = b->binding;
			w->descriptorCount = 1;
			w->descriptorType = descriptor_type(b->kind);
			if (is_buffer(b->kind)) {
				buffer_infos[i].buffer = res[i].buffer;
				buffer_infos[i].range = b->size;
				w->pBufferInfo = &buffer_infos[i];
			} else {
				image_infos[i].sampler = res[i].sampler;
				image_infos[i].imageView = res[i].view;
				image_infos[i].imageLayout = !has_image(b->kind)           ? VK_IMAGE_LAYOUT_UNDEFINED
				                             : b->kind == WV_STORAGE_IMAGE ? VK_IMAGE_LAYOUT_GENERAL
				                                                           : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
				w->pImageInfo = &image_infos[i];
			}
		}
		vkUpdateDescriptorSets(dev, n, writes, 0, NULL);
	}

	VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
	plci.setLayoutCount = nsets;
	plci.pSetLayouts = layouts;
	VkPushConstantRange push = {run->push_stages ? run->push_stages : run_stages, 0, run->push_size};
	if (run->push_size) {
		plci.pushConstantRangeCount = 1;
		plci.pPushConstantRanges = &push;
	}
	CHECK(vkCreatePipelineLayout(dev, &plci, NULL, &playout), "vkCreatePipelineLayout");

	VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
	smci.codeSize = run->code_words * 4;
	smci.pCode = run->code;
	CHECK(vkCreateShaderModule(dev, &smci, NULL, &module), "vkCreateShaderModule");

	for (uint32_t i = 0; i < run->spec_count; i++) {
		spec[i].constantID = run->spec[i].id;
		spec[i].offset = run->spec[i].offset;
		spec[i].size = run->spec[i].size;
	}
	VkSpecializationInfo si = {run->spec_count, spec, run->spec_size, run->spec_data};
	if (draw) {
		if (make_draw(ctx, run, module, run->spec_count ? &si : NULL, playout, &dobj, err, errlen) != WV_OK) goto done;
		goto pipelined;
	}
	VkComputePipelineCreateInfo cpci = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
	cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
	cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
	cpci.stage.module = module;
	cpci.stage.pName = run->entry;
	cpci.stage.pSpecializationInfo = run->spec_count ? &si : NULL;
	VkPipelineShaderStageRequiredSubgroupSizeCreateInfo required = {
	    VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO};
	if (run->required_subgroup_size) {
		required.requiredSubgroupSize = run->required_subgroup_size;
		cpci.stage.pNext = &required;
	}
	cpci.layout = playout;
	CHECK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline), "vkCreateComputePipelines");
pipelined:;

	// Validation errors so far (say, a descriptor kind that does not match the
	// shader) are reported before anything runs: executing such a pipeline is
	// what crashes drivers.
	pthread_mutex_lock(&ctx->mu);
	int early_errors = ctx->msg_errors;
	pthread_mutex_unlock(&ctx->mu);
	if (early_errors) {
		errorf(err, errlen, "validation layer reported errors while creating the pipeline; nothing was dispatched");
		goto done;
	}

	VkCommandBufferAllocateInfo cbai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
	cbai.commandPool = ctx->pool;
	cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
	cbai.commandBufferCount = 1;
	CHECK(vkAllocateCommandBuffers(dev, &cbai, &cmd), "vkAllocateCommandBuffers");
	VkCommandBufferBeginInfo cbbi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
	cbbi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
	CHECK(vkBeginCommandBuffer(cmd, &cbbi), "vkBeginCommandBuffer");

	// Upload texels: staging → image, then into the layout the shader uses.
	// Multisampled images cannot be copied to: a draw writes them.
	for (uint32_t i = 0; i < n; i++) {
		const wv_binding *b = &run->bindings[i];
		if (!has_image(b->kind)) continue;
		if (is_multisampled(b)) {
			record_fill(cmd, b, &res[i]);
			continue;
		}
		image_barrier(cmd, b, res[i].image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
		              VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
		copy_regions(b, regions);
		vkCmdCopyBufferToImage(cmd, res[i].buffer, res[i].image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, b->mips,
		                       regions);
		image_barrier(cmd, b, res[i].image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
		              b->kind == WV_STORAGE_IMAGE ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
		              VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
		              VK_PIPELINE_STAGE_TRANSFER_BIT, shader_stages);
	}

	if (nsets > 0) {
		vkCmdBindDescriptorSets(cmd, bind_point, playout, 0, nsets, sets, 0, NULL);
	}
	if (run->push_size) {
		vkCmdPushConstants(cmd, playout, push.stageFlags, 0, run->push_size, run->push_data);
	}
	if (draw) {
		record_draw(cmd, run, &dobj);
	} else {
		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
		vkCmdDispatch(cmd, run->groups[0], run->groups[1], run->groups[2]);
	}

	// Shader writes → host reads (buffers), and → transfer reads (images).
	VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
	mb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
	mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
	vkCmdPipelineBarrier(cmd, shader_stages, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
	for (uint32_t i = 0; i < n; i++) {
		const wv_binding *b = &run->bindings[i];
		if (!has_image(b->kind) || is_multisampled(b)) continue; // sampled only: nothing to read back
		image_barrier(cmd, b, res[i].image,
		              b->kind == WV_STORAGE_IMAGE ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
		              VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
		              shader_stages, VK_PIPELINE_STAGE_TRANSFER_BIT);
		copy_regions(b, regions);
		vkCmdCopyImageToBuffer(cmd, res[i].image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, res[i].buffer, b->mips,
		                       regions);
		VkBufferMemoryBarrier bb = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
		bb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
		bb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
		bb.srcQueueFamilyIndex = bb.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
		bb.buffer = res[i].buffer;
		bb.size = VK_WHOLE_SIZE;
		vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0, NULL, 1, &bb, 0,
		                     NULL);
	}
	CHECK(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");

	// Draw-time validation (descriptor contents) reports at vkCmdDispatch.
	pthread_mutex_lock(&ctx->mu);
	early_errors = ctx->msg_errors;
	pthread_mutex_unlock(&ctx->mu);
	if (early_errors) {
		errorf(err, errlen, "validation layer reported errors while recording the dispatch; nothing was submitted");
		goto done;
	}

	VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
	CHECK(vkCreateFence(dev, &fci, NULL, &fence), "vkCreateFence");
	VkSubmitInfo submit = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
	submit.commandBufferCount = 1;
	submit.pCommandBuffers = &cmd;
	CHECK(vkQueueSubmit(ctx->queue, 1, &submit, fence), "vkQueueSubmit");
	VkResult waited = vkWaitForFences(dev, 1, &fence, VK_TRUE, run->timeout_ns);
	if (waited == VK_TIMEOUT) {
		// The work may still be running and using every object: leak them all.
		errorf(err, errlen, "fence wait timed out");
		free(res);
		free(layouts);
		free(sets);
		free(lb);
		free(writes);
		free(buffer_infos);
		free(image_infos);
		free(spec);
		free(regions);
		return WV_TIMEOUT;
	}
	CHECK(waited, "vkWaitForFences");

	for (uint32_t i = 0; i < n; i++) {
		wv_binding *b = &run->bindings[i];
		if (res[i].mapped) memcpy(b->data, res[i].mapped, b->size);
	}
	if (draw) {
		memcpy(run->target_data, dobj.readback.mapped,
		       (size_t)run->target_width * run->target_height * run->target_texel_size);
	}
	status = WV_OK;

done:
	if (status == WV_DEVICE_LOST) {
		// Nothing can be trusted any more; leave the objects alone.
		return status;
	}
	if (fence) vkDestroyFence(dev, fence, NULL);
	if (cmd) vkFreeCommandBuffers(dev, ctx->pool, 1, &cmd);
	if (pipeline) vkDestroyPipeline(dev, pipeline, NULL);
	free_draw(dev, run, &dobj);
	if (module) vkDestroyShaderModule(dev, module, NULL);
	if (playout) vkDestroyPipelineLayout(dev, playout, NULL);
	if (dpool) vkDestroyDescriptorPool(dev, dpool, NULL);
	for (uint32_t s = 0; layouts && s < nsets; s++) {
		if (layouts[s]) vkDestroyDescriptorSetLayout(dev, layouts[s], NULL);
	}
	for (uint32_t i = 0; res && i < n; i++) {
		if (res[i].fill_pipeline) vkDestroyPipeline(dev, res[i].fill_pipeline, NULL);
		if (res[i].fill_module) vkDestroyShaderModule(dev, res[i].fill_module, NULL);
		if (res[i].fill_layout) vkDestroyPipelineLayout(dev, res[i].fill_layout, NULL);
		if (res[i].fill_pool) vkDestroyDescriptorPool(dev, res[i].fill_pool, NULL);
		if (res[i].fill_set_layout) vkDestroyDescriptorSetLayout(dev, res[i].fill_set_layout, NULL);
		if (res[i].framebuffer) vkDestroyFramebuffer(dev, res[i].framebuffer, NULL);
		if (res[i].render_pass) vkDestroyRenderPass(dev, res[i].render_pass, NULL);
		if (res[i].sampler) vkDestroySampler(dev, res[i].sampler, NULL);
		if (res[i].view) vkDestroyImageView(dev, res[i].view, NULL);
		if (res[i].image) vkDestroyImage(dev, res[i].image, NULL);
		if (res[i].image_memory) vkFreeMemory(dev, res[i].image_memory, NULL);
		if (res[i].buffer) vkDestroyBuffer(dev, res[i].buffer, NULL);
		if (res[i].memory) vkFreeMemory(dev, res[i].memory, NULL); // unmaps implicitly
	}
	free(res);
	free(layouts);
	free(sets);
	free(lb);
	free(writes);
	free(buffer_infos);
	free(image_infos);
	free(spec);
	free(regions);
	return status;
}

void wv_crash_for_testing(void) {
	volatile int *p = NULL;
	*p = 1;
}
