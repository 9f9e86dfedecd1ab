package hosttest

import (
	"bytes"
	"embed"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// A Scenario is one check of an adapter.
type Scenario struct {
	Name string
	Run  func(*testing.T, GPU)
}

// Scenarios are what Run runs, in order.
var Scenarios = []Scenario{
	{"Particles", Particles},
	{"ParticlesWrongParamsOffset", ParticlesWrongParamsOffset},
	{"DynamicOffsets", DynamicOffsets},
	{"TextureSampler", TextureSampler},
	{"StorageTexture", StorageTexture},
	{"PaddingSentinel", PaddingSentinel},
	{"F16", F16},
	{"InstancedDraw", InstancedDraw},
	{"InstancedDrawWrongVertexStride", InstancedDrawWrongVertexStride},
	{"InstancedDrawWrongAttributeOffset", InstancedDrawWrongAttributeOffset},
	{"InstancedDrawWrongVisibility", InstancedDrawWrongVisibility},
	{"TwoShaderPipeline", TwoShaderPipeline},
	{"TwoShaderPipelineVertexLayout", TwoShaderPipelineVertexLayout},
	{"SharedBindingNumber", SharedBindingNumber},
	{"SharedBindingNumberWrongStepMode", SharedBindingNumberWrongStepMode},
	{"FlockDraw", FlockDraw},
	{"FlockDrawSwappedInputs", FlockDrawSwappedInputs},
	{"MeshPasses", MeshPasses},
	{"MeshDepthPassTableStride", MeshDepthPassTableStride},
	{"VertexBuffersErrors", VertexBuffersErrors},
	{"ImmediateData", ImmediateData},
	{"RenderTargetClear", RenderTargetClear},
	{"BufferUploadAndReadBack", BufferUploadAndReadBack},
	{"BufferErrors", BufferErrors},
	{"ImageRoundTrip", ImageRoundTrip},
	{"ReadTextureErrors", ReadTextureErrors},
	{"ModuleErrors", ModuleErrors},
	{"BindGroupErrors", BindGroupErrors},
}

// Run runs every scenario on g as a subtest; each fails with the validation layer's messages
// that appear while it runs.
func Run(t *testing.T, g GPU, v *Validation) {
	v.Check(t) // what the device's creation reported
	for _, s := range Scenarios {
		t.Run(s.Name, func(t *testing.T) {
			t.Cleanup(func() { v.Check(t) }) // the first cleanup runs last, after the releases
			s.Run(t, g)
		})
	}
}

//go:embed testdata/*.golden
var goldens embed.FS

// golden returns the golden bytes of a scenario: what the project's SPIR-V of the same shader
// gives on the project's Vulkan harness (see the package's TestGoldens).
func golden(name string) []byte {
	b, err := goldens.ReadFile("testdata/" + name + ".golden")
	if err != nil {
		panic(err) // the goldens are embedded: a missing one is a mistake in this package
	}
	return b
}

// checkGolden compares got with the golden bytes of name.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	want := golden(name)
	if bytes.Equal(got, want) {
		return
	}
	first := 0
	for first < min(len(got), len(want)) && got[first] == want[first] {
		first++
	}
	t.Errorf("%s: %d bytes differ from the golden bytes of the project's SPIR-V on the Vulkan harness (%d bytes, want %d), the first at %d",
		name, countDiffs(got, want), len(got), len(want), first)
}

func countDiffs(a, b []byte) int {
	n := max(len(a), len(b)) - min(len(a), len(b))
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// ImageDirEnv names the directory where the scenarios keep the images they render; unset,
// they go to the test's temporary directory and are removed with it.
const ImageDirEnv = "WGSLGO_IMAGE_DIR"

// writePNG writes the rgba8 texels pix of a width × height target as NAME.png, where NAME is
// the test's name, and logs the path, so that a failing pixel check leaves the picture.
func writePNG(t *testing.T, pix []byte, width, height int) {
	t.Helper()
	dir := os.Getenv(ImageDirEnv)
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, unsafeChars.ReplaceAllString(t.Name(), "_")+".png")
	img := &image.RGBA{Pix: pix, Stride: 4 * width, Rect: image.Rect(0, 0, width, height)}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("image: %s", path)
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)
