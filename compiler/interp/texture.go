package interp

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/ir"
)

// Texture is an image a texture binding holds.
type Texture struct{ Data []byte }

// Sampler is a sampler binding.
type Sampler struct{}

func (cc *funcCompiler) textureCall(in *ir.Inst, dst operand) error {
	cc.fail(in, "the interpreter does not run %s yet", in.Builtin())
	return nil
}

func (t *thread) texture(o *op, regs []uint32) error {
	return t.errorf(o, "textures are not supported yet")
}

func (d *dispatch) bindHandle(i int, g *ir.Global, dp *Dispatch) error {
	return fmt.Errorf("%s: textures are not supported yet", g.Name)
}
