// Package bench holds the benchmark shaders: a small one, typical ones written by hand (a
// particle system and a tiled deferred-lighting pass) and a large generated one, the inputs of
// the compiler's benchmarks and of scripts/bench-naga.sh (cmd/benchshaders writes them out).
package bench

import (
	"embed"
	"path"
	"sync"
)

//go:embed shaders/*.wgsl
var files embed.FS

// Shader is one benchmark input.
type Shader struct {
	// Name is a file name, such as "particles.wgsl".
	Name string
	// Class is "small", "typical" or "large".
	Class string
	Text  []byte
}

func embedded(name, class string) Shader {
	b, err := files.ReadFile(path.Join("shaders", name))
	if err != nil {
		panic(err) // the files are embedded: cannot happen
	}
	return Shader{Name: name, Class: class, Text: b}
}

// Small is a few lines: one buffer scaled in place.
func Small() Shader { return embedded("small.wgsl", "small") }

// Particles is a particle system's compute passes (about 11 KB).
func Particles() Shader { return embedded("particles.wgsl", "typical") }

// Deferred is a tiled deferred-lighting compute pass with G-buffer textures, a shadow map and a
// storage texture output (about 12 KB).
func Deferred() Shader { return embedded("deferred.wgsl", "typical") }

// LargeSize is the minimum size of Large.
const LargeSize = 256 << 10

var large = sync.OnceValue(func() Shader {
	return Shader{Name: "large.wgsl", Class: "large", Text: Generate(LargeSize)}
})

// Large is a generated shader of at least LargeSize bytes (see Generate).
func Large() Shader { return large() }

// All returns every benchmark shader, smallest first.
func All() []Shader {
	return []Shader{Small(), Particles(), Deferred(), Large()}
}
