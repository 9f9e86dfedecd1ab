package gogpunaga

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/gogpu/naga"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/hostwgsl"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/corpus"
	"github.com/wgslgo/wgslgo/internal/samerun"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// TestCorpus compiles, with gogpu/naga, the text printed for it of every shader of the
// project's corpus that compiles and that the profile does not refuse, its overrides
// substituted as gen/wgsl's tables substitute them (defaults, 1 for overrides without one).
// gogpu/naga must compile it to SPIR-V that passes spirv-val, and for a module of compute
// entry points, running each on the Vulkan device must leave the bytes wgslgo's SPIR-V of
// the shader (with the same values) leaves. knownDifferences lists the shaders that differ
// for a reason other than the printing, and each must still differ as listed.
func TestCorpus(t *testing.T) {
	vulkan.RunIsolated(t, func(t *testing.T) {
		dev := vulkan.Require(t)
		spirvval.Require(t)
		shaders, err := corpus.Gather("../../..")
		require.NoError(t, err)
		var printed, refused, ran, beyond int
		failed := map[string]string{}
		for _, s := range shaders {
			src := compiler.Source{Name: s.Name, Text: s.Text}
			if res, err := compiler.Compile(src, compiler.Options{}); err != nil || res.SPIRV == nil {
				continue
			}
			w, _, err := compiler.DialectWGSL(src, compiler.Options{}, hostwgsl.Gogpu)
			if _, ok := err.(diag.List); ok {
				refused++
				continue
			}
			require.NoError(t, err, s.Name)
			printed++
			text, values := substitute(t, src, w)
			words, err := compile(text)
			if err != nil {
				failed[s.Name] = "compile: " + err.Error()
				continue
			}
			// gogpu/naga writes SPIR-V 1.4, for Vulkan 1.2, where it copies an array or a
			// structure between layouts (OpCopyLogical).
			env := string(compiler.Vulkan11)
			if words[1] >= 0x00010400 {
				env = string(compiler.Vulkan12)
			}
			if err := spirvval.Validate(words, env); err != nil {
				failed[s.Name] = "spirv-val: " + err.Error()
				continue
			}
			want, err := compiler.Compile(src, compiler.Options{Overrides: values})
			require.NoError(t, err, s.Name)
			if !samerun.Runnable(want.Reflection) {
				continue
			}
			diff := samerun.Run(t, dev, want.Reflection, want.SPIRV, words)
			if strings.Contains(diff, "of the first module does not run") {
				beyond++ // the shader tests a device limit that wgslgo's SPIR-V goes beyond too
				continue
			}
			ran++
			if diff != "" {
				failed[s.Name] = "run: " + diff
			}
		}
		for name, why := range failed {
			bug, known := knownDifferences[name]
			if !known {
				t.Errorf("%s: gogpu/naga fails on the text printed for it: %s", name, why)
				continue
			}
			assert.True(t, strings.HasPrefix(why, bug[:strings.Index(bug, ":")]), "%s: known to differ with %q, differs with %q", name, bug, why)
		}
		for name, why := range knownDifferences {
			_, fails := failed[name]
			assert.True(t, fails, "%s: listed as differing (%s), but compiles and runs the same", name, why)
		}
		t.Logf("%d printed (%d run and compared, %d beyond the device's limits as written), %d refused; %d differ", printed, ran, beyond, refused, len(failed))
	})
}

// knownDifferences are the shaders of the corpus that gogpu/naga does not compile or run as
// wgslgo does for a reason other than the printing, with the kind of difference ("compile",
// "spirv-val" or "run") and the reason.
var knownDifferences = map[string]string{
	"compiler/sema/testdata/spec_examples/pipeline_creation_errors_from_override_expressions.wgsl": "compile: " +
		"the overrides' defaults divide by zero, which the example shows is a pipeline-creation error: WebGPU refuses them too",
	"compiler/bench/shaders/deferred.wgsl": "run: " +
		"the tiles' light lists fill in the order of their atomicAdd calls, which two compilers may schedule differently on 4x4 textures",
}

// substitute makes the overrides of the printed text consts of their defaults, or of 1, as a
// table does (wgsl.Shader.WGSLFor), and returns the values given, as compiler options give
// them.
func substitute(t *testing.T, src compiler.Source, w *compiler.WGSLText) (string, map[string]string) {
	m, _, err := compiler.Reflect(src, compiler.Options{})
	require.NoError(t, err)
	sh := &wgsl.Shader{Source: src.Name, WGSL: "unused"}
	d := wgsl.DialectText{Dialect: wgsl.Gogpu, WGSL: string(w.Text)}
	values := map[string]float64{}
	given := map[string]string{}
	for _, o := range m.Overrides {
		r := w.Overrides[o.Name]
		sh.Overrides = append(sh.Overrides, wgsl.Override{Name: o.Name, Type: o.Type.WGSL, Required: r.Init == [2]int{}})
		d.Overrides = append(d.Overrides, wgsl.OverrideText{Decl: wgsl.TextRange{Start: r.Decl[0], End: r.Decl[1]}, Init: wgsl.TextRange{Start: r.Init[0], End: r.Init[1]}})
		if r.Init == [2]int{} {
			values[o.Name] = 1
			given[o.Name] = strconv.Itoa(1)
			if o.Type.WGSL == "bool" {
				given[o.Name] = "true"
			}
		}
	}
	sh.Dialects = []wgsl.DialectText{d}
	text, err := sh.WGSLFor(wgsl.Gogpu, values)
	require.NoError(t, err, src.Name)
	return text, given
}

// compile is naga.Compile, which gogpu/wgpu's Vulkan and software backends call, as words;
// gogpu/naga panics on some inputs.
func compile(text string) (words []uint32, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &panicError{r}
		}
	}()
	b, err := naga.Compile(text)
	if err != nil {
		return nil, err
	}
	words = make([]uint32, len(b)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return words, nil
}

type panicError struct{ v any }

func (e *panicError) Error() string { return fmt.Sprint("panic: ", e.v) }
