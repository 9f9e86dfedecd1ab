package gen

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"unicode"

	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	wgslrt "github.com/wgslgo/wgslgo/gen/wgsl"
)

// bindFunc is a generated function that makes a bind group of one @group from an adapter's
// values, one parameter per binding (see wgsl.Binder).
type bindFunc struct {
	name   string
	group  int
	of     string // which bindings: "" for all of the group's, "compute", "render", or "entry point NAME"
	params []bindParam
}

// bindParam is one binding of a bindFunc.
type bindParam struct {
	name string // the parameter
	kind string // its type parameter: Buffer, Texture or Sampler
	b    *bindingDef
}

// bindClasses are the kinds of pipeline whose bind groups hold different variables where
// entry points use one binding number for several: a compute pipeline has one stage, a render
// pipeline a vertex and a fragment stage.
var bindClasses = []struct {
	name   string
	stages wgslrt.ShaderStage
}{{"render", wgslrt.Vertex | wgslrt.Fragment}, {"compute", wgslrt.Compute}}

// addBindFuncs names the bind group functions of the shader: SGroupN for each group with
// bindings; where entry points use one binding number of the group for different variables,
// SRenderGroupN and SComputeGroupN instead, each with the variables its kind of pipeline sees.
// A group with a texture_external gets none: no WebGPU binding of Go has external textures,
// and a Vulkan host binds the three bindings the SPIR-V has through the table. Each reason a
// function is missing is recorded for the table's comment.
func (d *shaderDef) addBindFuncs(claim func(name, what, where string)) {
	for g, bs := range d.groups {
		var all []*bindingDef
		external, shared := false, false
		for i := range bs {
			b := &bs[i]
			if b.b.ExternalPart != nil {
				continue
			}
			if b.method == "" {
				return // its name is in error: the shader is not generated
			}
			external = external || b.b.ExternalTexture != nil
			shared = shared || len(all) > 0 && all[len(all)-1].b.Binding == b.b.Binding
			all = append(all, b)
		}
		switch {
		case len(all) == 0:
			continue
		case external:
			d.unbound = append(d.unbound, fmt.Sprintf("@group(%d) holds a texture_external, which no Go binding of WebGPU binds", g))
			continue
		case !shared:
			d.addBindFunc(claim, fmt.Sprintf("%sGroup%d", d.goName, g), g, "", all)
			continue
		}
		for _, c := range bindClasses {
			var sel []*bindingDef
			clash := false
			for _, b := range all {
				var vis wgslrt.ShaderStage
				for _, st := range b.b.Visibility {
					vis |= stageBit[st]
				}
				if vis&c.stages == 0 {
					continue
				}
				clash = clash || len(sel) > 0 && sel[len(sel)-1].b.Binding == b.b.Binding
				sel = append(sel, b)
			}
			switch {
			case len(sel) == 0:
			case !clash:
				name := fmt.Sprintf("%s%sGroup%d", d.goName, strings.ToUpper(c.name[:1])+c.name[1:], g)
				d.addBindFunc(claim, name, g, c.name, sel)
			case c.stages == wgslrt.Compute:
				// Compute entry points that use one number for different variables: a
				// pipeline has one, so a function per entry point.
				for _, e := range d.entries {
					if e.e.Stage != wgslreflect.StageCompute {
						continue
					}
					var own []*bindingDef
					for _, r := range e.e.Bindings {
						if r.Group != g {
							continue
						}
						i := slices.IndexFunc(all, func(b *bindingDef) bool { return b.b.Binding == r.Binding && b.b.Name == r.Name })
						if i < 0 {
							own = nil
							break
						}
						own = append(own, all[i])
					}
					if len(own) > 0 {
						d.addBindFunc(claim, prefixed(d.goName, e.e.Name)+fmt.Sprintf("Group%d", g), g, "entry point "+e.e.Name, own)
					}
				}
			default:
				d.unbound = append(d.unbound, fmt.Sprintf("@group(%d) has a binding number that its vertex and fragment entry points use for different variables, so no one render pipeline binds them all", g))
			}
		}
	}
}

func (d *shaderDef) addBindFunc(claim func(name, what, where string), name string, group int, of string, bs []*bindingDef) {
	f := bindFunc{name: name, group: group, of: of}
	for _, b := range bs {
		kind := "Texture"
		switch {
		case b.b.Buffer != nil:
			kind = "Buffer"
		case b.b.Sampler != nil:
			kind = "Sampler"
		}
		f.params = append(f.params, bindParam{name: lowerCamel(b.method), kind: kind, b: b})
	}
	claim(name, fmt.Sprintf("the bind group function of @group(%d)", group), "")
	d.binds = append(d.binds, f)
}

// lowerCamel is a Go name with its leading capitals lower-cased, an initialism as one word
// (Params: params, ID: id, IDList: idList, TDiffuse: tDiffuse).
func lowerCamel(name string) string {
	r := []rune(name)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) && unicode.IsLower(r[n]) {
		n-- // the last capital starts the next word
	}
	for i := range max(n, 1) {
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}

// emitBindFuncs prints the bind group functions.
func (d *shaderDef) emitBindFuncs(g *GeneratedFile) {
	if len(d.binds) == 0 {
		return
	}
	binder := g.QualifiedGoIdent(RuntimePackage.Ident("Binder"))
	resource := g.QualifiedGoIdent(RuntimePackage.Ident("Resource"))
	// The parameters are named after the bindings: keep them off Go's keywords and off the
	// names the function's body uses.
	reserved := map[string]bool{"binder": true, strings.TrimSuffix(binder, ".Binder"): true}
	for _, f := range d.binds {
		var list []string
		params := []string{"binder " + binder + "[Buffer, Texture, Sampler, Group]"}
		names := make([]string, len(f.params))
		for i, p := range f.params {
			names[i] = p.name
			for token.IsKeyword(names[i]) || reserved[names[i]] {
				names[i] += "_"
			}
			params = append(params, names[i]+" "+p.kind)
			list = append(list, fmt.Sprintf("%s: @binding(%d), %s", names[i], p.b.b.Binding, declText(&p.b.b)))
		}
		which := "its bindings"
		switch f.of {
		case "":
		case "compute":
			which = "the bindings its compute entry points use"
		case "render":
			which = "the bindings its vertex and fragment entry points use"
		default:
			which = "the bindings its " + f.of + " uses"
		}
		g.Comment(fmt.Sprintf("%s makes a bind group of @group(%d) of %s with binder, an adapter's (Go infers the types from it), from a value for each of %s, in binding order:",
			f.name, f.group, d.name, which))
		g.P("//")
		for _, l := range list {
			g.P("//   - ", l)
		}
		g.P("//")
		g.Comment("Each binding is a parameter, so that leaving one out does not compile; binder checks the values against the bindings (see wgsl.Binder).")
		g.P("func ", f.name, "[Buffer, Texture, Sampler, Group any](", strings.Join(params, ", "), ") (Group, error) {")
		g.P("return binder.BindGroup(&", d.table, ".Shader, ", f.group, ", []", resource, "[Buffer, Texture, Sampler]{")
		for i, p := range f.params {
			g.P("{Binding: ", d.table, ".", p.b.method, "(), ", p.kind, ": ", names[i], "},")
		}
		g.P("})")
		g.P("}")
		g.P()
	}
}
