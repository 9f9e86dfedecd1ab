package wgsl

// Binder makes bind groups from an adapter's own values: Buffer for a buffer binding (a whole
// buffer or a range of one, as the adapter has it), Texture for a texture or storage texture
// binding (a texture view), Sampler for a sampler binding, and Group is the bind group it
// makes. Adapters of WebGPU bindings and Vulkan hosts implement it, each with its types.
//
// The generated functions SGroupN (one per @group of shader S) take a Binder and one
// parameter per binding of the group, named after it and typed by its kind, and call
// BindGroup with them in binding order: a binding left out, or a sampler where a buffer
// belongs, does not compile, whichever adapter the program uses (Go infers the four types from
// the Binder). BindGroup checks what types cannot: that each value suits its binding (a
// buffer's usage and size, a texture's dimension), that the group matches the layout the
// Binder makes groups for.
type Binder[Buffer, Texture, Sampler, Group any] interface {
	// BindGroup makes a bind group of @group(group) of shader from resources, one for each
	// binding the group's layout has, in binding order.
	BindGroup(shader *Shader, group uint32, resources []Resource[Buffer, Texture, Sampler]) (Group, error)
}

// Resource is the value one binding of a bind group holds, in an adapter's types: the one of
// Buffer, Texture and Sampler that the layout of Binding names (Buffer for Binding.Buffer,
// Texture for Binding.Texture and Binding.StorageTexture, Sampler for Binding.Sampler), the
// others zero.
type Resource[Buffer, Texture, Sampler any] struct {
	// Binding is the table's entry of the binding: the Shader's BindGroups[g].Entries[i].
	Binding *Binding
	Buffer  Buffer
	Texture Texture
	Sampler Sampler
}
