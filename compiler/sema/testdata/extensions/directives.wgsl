// enable and requires name known extensions and language features; repeats are fine
// (spec "Extensions", "Enable Extensions", "Language Extensions").
enable f16;
enable f16, f16;
enable clip_distances, dual_source_blending;
enable subgroups;
enable primitive_index;
enable subgroup_size_control;
requires readonly_and_readwrite_storage_textures;
requires packed_4x8_integer_dot_product, unrestricted_pointer_parameters;
requires pointer_composite_access;
requires uniform_buffer_standard_layout, subgroup_id, subgroup_uniformity;
requires texture_and_sampler_let, texture_formats_tier1, linear_indexing;
enable arbitrary_precision_float; // ERROR "unknown extension 'arbitrary_precision_float'"
requires do_while_loops; // ERROR "unknown language feature 'do_while_loops'"
enable readonly_and_readwrite_storage_textures; // ERROR "unknown extension 'readonly_and_readwrite_storage_textures'"
requires f16; // ERROR "unknown language feature 'f16'"
