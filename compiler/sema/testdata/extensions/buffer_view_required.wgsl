// Buffer types, sized or not, need 'requires buffer_view;' (spec "Language Extensions",
// "buffer_view"). Tint's command line assumes every language feature and accepts them
// (tint_test.go lists the file).

@group(0) @binding(0) var<storage> whole: buffer; // ERROR "buffer types need 'requires buffer_view;'"
@group(0) @binding(1) var<storage> sized: buffer<64>; // ERROR "buffer types need 'requires buffer_view;'"
