package builtins

import "testing"

// benchCalls is a mix like a shader's: math on concrete values, abstract literals mixed in,
// constructors, texture sampling and atomics.
var benchCalls = []string{
	"max(f32, f32)",
	"clamp(ref<function, vec3<f32>>, vec3<f32>, vec3<f32>)",
	"mix(vec3<f32>, vec3<f32>, AbstractFloat)",
	"dot(vec3<f32>, vec3<f32>)",
	"normalize(vec3<f32>)",
	"max(AbstractInt, AbstractFloat)",
	"vec4<f32>(vec3<f32>, AbstractFloat)",
	"vec3(AbstractInt, AbstractInt, AbstractInt)",
	"f32(u32)",
	"textureSample(ref<handle, texture_2d<f32>>, ref<handle, sampler>, vec2<f32>)",
	"textureLoad(texture_2d<f32>, vec2<i32>, AbstractInt)",
	"atomicAdd(ptr<storage, atomic<u32>, read_write>, AbstractInt)",
	"select(f32, f32, bool)",
	"array(AbstractInt, AbstractInt, AbstractInt, AbstractInt)",
}

func BenchmarkResolve(b *testing.B) {
	calls := make([]Call, len(benchCalls))
	for i, s := range benchCalls {
		calls[i] = parseCall(s)
	}
	ctx := Context{Features: AllFeatures}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Resolve(ctx, calls[i%len(calls)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResolveExact is the common case: concrete arguments that match the first overload.
func BenchmarkResolveExact(b *testing.B) {
	c := parseCall("max(f32, f32)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Resolve(Context{}, c); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookup finds builtins by name, as the checker does for every call.
func BenchmarkLookup(b *testing.B) {
	names := []string{"max", "clamp", "mix", "dot", "normalize", "vec4", "vec3f", "f32", "textureSample", "textureLoad", "atomicAdd", "select", "array", "mat4x4f"}
	for _, n := range names {
		if _, ok := Lookup(n); !ok {
			b.Fatal(n)
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Lookup(names[i%len(names)])
	}
}
