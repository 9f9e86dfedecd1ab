package reflect

import (
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// This file is the usage analysis of the reflection: what a module-scope variable's binding
// layout takes from the way the entry points use it rather than from its type.
//
//   - Visibility: the stages of the entry points that statically use the variable, directly
//     or through the functions they call (WebGPU's default pipeline layout gives each entry
//     the stage of the entry point it comes from, and merges the entries of the stages).
//   - Sampling: which textures a sampling builtin (textureSample*, textureGather*) reads
//     through a sampler, and which samplers sample a depth texture; BindingOf turns them into
//     sample and sampler types. Textures and samplers reach a builtin as module-scope
//     variables or through function parameters, so the analysis follows parameters back to
//     the arguments of every call, in the functions the entry points reach.
//
// It needs the checked program only: names resolved to objects, call targets, expression
// types, and the call graph with each function's module-scope uses. It reads that, not the
// IR: the bindings a reflection lists are the program's whichever entry points a compilation
// keeps (their placement, ExternalTextureBindings, too), a reflection without options needs
// no lowering, and the package imports no later stage of the pipeline.

// usage is what the analysis finds.
type usage struct {
	// stages holds the stages that use each variable, a bit per stage of stageOrder.
	stages  map[*sema.Var]uint8
	handles map[*sema.Var]HandleUse
}

// stageOrder is the order of lists of stages.
var stageOrder = []Stage{StageVertex, StageFragment, StageCompute}

// stageLists are the lists of stages of each set of stageOrder bits, shared: their readers
// copy them.
var stageLists = [8][]Stage{
	nil,
	{StageVertex},
	{StageFragment},
	{StageVertex, StageFragment},
	{StageCompute},
	{StageVertex, StageCompute},
	{StageFragment, StageCompute},
	{StageVertex, StageFragment, StageCompute},
}

// stagesOf returns the stages that use v, in stageOrder (nil for none); the list is shared.
func (u *usage) stagesOf(v *sema.Var) []Stage { return stageLists[u.stages[v]] }

func usageOf(p *sema.Program) *usage {
	u := &usage{stages: map[*sema.Var]uint8{}, handles: map[*sema.Var]HandleUse{}}
	used := u.stages
	reached := map[*sema.Func]bool{}
	var reach func(f *sema.Func)
	reach = func(f *sema.Func) {
		if reached[f] {
			return
		}
		reached[f] = true
		for _, c := range f.Calls {
			reach(c)
		}
	}
	for _, f := range p.EntryPoints {
		reach(f)
		bit := uint8(0)
		if i := slices.Index(stageOrder, Stage(f.Stage.String())); i >= 0 {
			bit = 1 << i
		}
		for _, g := range f.Globals {
			if v, ok := g.(*sema.Var); ok {
				used[v] |= bit
			}
		}
	}

	// The variables that can reach each handle parameter. p.Funcs lists every function after
	// the functions it calls, so walking it backwards sees every call of a function before
	// the function itself: its parameters' sources are complete when its body is read.
	params := map[*sema.Param]map[*sema.Var]bool{}
	var sources func(e syntax.Expr) []*sema.Var
	sources = func(e syntax.Expr) []*sema.Var {
		for {
			paren, ok := e.(*syntax.ParenExpr)
			if !ok {
				break
			}
			e = paren.X
		}
		id, ok := e.(*syntax.IdentExpr)
		if !ok {
			return nil
		}
		switch o := p.UseOf(id).(type) {
		case *sema.Var:
			return []*sema.Var{o}
		case *sema.Param:
			var out []*sema.Var
			for v := range params[o] {
				out = append(out, v)
			}
			return out
		case *sema.Let:
			// A let of a texture or sampler (texture_and_sampler_let) names what its
			// initializer does.
			if handleType(o.Type) != nil && o.Decl != nil && o.Decl.Init != nil {
				return sources(o.Decl.Init)
			}
		}
		return nil
	}
	for i := len(p.Funcs) - 1; i >= 0; i-- {
		f := p.Funcs[i]
		if !reached[f] || f.Decl == nil || f.Decl.Body == nil || !readsHandles(f) {
			continue
		}
		syntax.Inspect(f.Decl.Body, func(n syntax.Node) bool {
			call, ok := n.(*syntax.CallExpr)
			if !ok {
				return true
			}
			c := p.CallOf(call)
			if c == nil {
				return true
			}
			switch {
			case c.Kind == sema.CallFunc && c.Func != nil:
				for j, a := range call.Args {
					if j >= len(c.Func.Params) || handleType(p.TypeOf(a).Type) == nil {
						continue
					}
					prm := c.Func.Params[j]
					if params[prm] == nil {
						params[prm] = map[*sema.Var]bool{}
					}
					for _, v := range sources(a) {
						params[prm][v] = true
					}
				}
			case c.Kind == sema.CallBuiltin && (strings.HasPrefix(c.Name, "textureSample") || strings.HasPrefix(c.Name, "textureGather")):
				u.sampling(p, call.Args, sources)
			}
			return true
		})
	}
	return u
}

// readsHandles reports whether f's body can hold a call the walk above records: one of a
// sampling builtin, or one of a function with a texture or sampler parameter. Most functions
// have neither, and skipping their bodies saves a walk of nearly the whole module.
func readsHandles(f *sema.Func) bool {
	for _, b := range f.Builtins {
		if strings.HasPrefix(b.Name, "textureSample") || strings.HasPrefix(b.Name, "textureGather") {
			return true
		}
	}
	for _, c := range f.Calls {
		for _, prm := range c.Params {
			if handleType(prm.Type) != nil {
				return true
			}
		}
	}
	return false
}

// sampling records one call of a sampling builtin with the arguments args: each of them
// reads its texture through its sampler.
func (u *usage) sampling(p *sema.Program, args []syntax.Expr, sources func(syntax.Expr) []*sema.Var) {
	var textures, samplers []*sema.Var
	depth := false
	for _, a := range args {
		switch t := handleType(p.TypeOf(a).Type).(type) {
		case *types.Texture:
			textures = append(textures, sources(a)...)
			depth = depth || t.Kind == types.TexDepth || t.Kind == types.TexDepthMultisampled
		case *types.Sampler:
			if !t.Comparison {
				samplers = append(samplers, sources(a)...)
			}
		}
	}
	for _, v := range textures {
		h := u.handles[v]
		h.WithSampler = true
		u.handles[v] = h
	}
	if depth {
		for _, v := range samplers {
			h := u.handles[v]
			h.WithDepthTexture = true
			u.handles[v] = h
		}
	}
}

// handleType is the texture or sampler type of an expression's type, nil for other types.
func handleType(t types.Type) types.Type {
	if r, ok := t.(*types.Reference); ok {
		t = r.Elem
	}
	switch t.(type) {
	case *types.Texture, *types.Sampler:
		return t
	}
	return nil
}
