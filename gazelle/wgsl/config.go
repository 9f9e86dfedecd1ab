package wgsl

import (
	"flag"
	"log"
	"maps"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/rule"

	"github.com/wgslgo/wgslgo/gen/wgslgen"
)

// The directives: one per wgslgen flag, for the directories whose shaders no //go:generate
// line names (a line says everything itself). The options are inherited by subdirectories;
// wgsl_out and wgsl_pkg name one directory's file and package, so they are not.
const (
	directiveTarget     = "wgsl_target"                  // -target ENV
	directiveOverride   = "wgsl_override"                // -override NAME=VALUE; empty: none
	directiveUniformStd = "wgsl_uniform_standard_layout" // -uniform-standard-layout (true/false)
	directiveWebGPULim  = "wgsl_webgpu_limits"           // -webgpu-limits (true/false)
	directiveEmbed      = "wgsl_embed"                   // -embed file|inline
	directiveWGSL       = "wgsl_wgsl"                    // -wgsl inline|none
	directiveFor        = "wgsl_for"                     // -for BINDINGS (comma-separated); empty: none
	directivePrefix     = "wgsl_prefix"                  // -prefix (true/false)
	directiveOut        = "wgsl_out"                     // -o FILE.go
	directivePkg        = "wgsl_pkg"                     // -pkg NAME
)

// options are the wgslgen options of a directory's shaders when no line names them.
type options struct {
	target     string
	overrides  map[string]string
	uniformStd bool
	webgpuLim  bool
	embed      string // "file" or "inline"
	wgsl       string // "inline" or "none"
	forNames   []string
	prefix     bool
	out, pkg   string // this directory's only
}

// args returns the wgslgen arguments the options stand for, without -o and -pkg.
func (o *options) args() []string {
	args := []string{"-embed=" + o.embed, "-wgsl=" + o.wgsl}
	if o.target != "" {
		args = append(args, "-target="+o.target)
	}
	for _, name := range sortedKeys(o.overrides) {
		args = append(args, "-override="+name+"="+o.overrides[name])
	}
	if o.uniformStd {
		args = append(args, "-uniform-standard-layout")
	}
	if o.webgpuLim {
		args = append(args, "-webgpu-limits")
	}
	if len(o.forNames) > 0 {
		args = append(args, "-for="+strings.Join(o.forNames, ","))
	}
	if o.prefix {
		args = append(args, "-prefix")
	}
	return args
}

func getOptions(c *config.Config) *options {
	if o, ok := c.Exts[languageName].(*options); ok {
		return o
	}
	return &options{embed: "file", wgsl: "inline"}
}

func (*wgslLang) RegisterFlags(fs *flag.FlagSet, cmd string, c *config.Config) {}

func (*wgslLang) CheckFlags(fs *flag.FlagSet, c *config.Config) error { return nil }

func (*wgslLang) KnownDirectives() []string {
	return []string{directiveTarget, directiveOverride, directiveUniformStd, directiveWebGPULim, directiveEmbed, directiveWGSL, directiveFor, directivePrefix, directiveOut, directivePkg}
}

// Configure reads the directives of the directory rel, and the //go:generate lines of its Go
// files, whose shaders in subdirectories belong to this directory's targets.
func (l *wgslLang) Configure(c *config.Config, rel string, f *rule.File) {
	parent := getOptions(c)
	o := *parent
	o.out, o.pkg = "", ""
	o.overrides = maps.Clone(parent.overrides)
	if f != nil {
		for _, d := range f.Directives {
			if !applyDirective(&o, d) {
				log.Printf("%s: # gazelle:%s %s: %s", path.Join(rel, filepath.Base(f.Path)), d.Key, d.Value, directiveUsage[d.Key])
			}
		}
	}
	c.Exts[languageName] = &o
	l.readLines(c, rel)
	if l.named == nil {
		l.named = namedPackages(c.RepoRoot)
	}
	l.claimLibrary(c, rel)
}

var directiveUsage = map[string]string{
	directiveTarget:     "want a target environment as wgslgen -target takes it (vulkan1.0 ... vulkan1.3)",
	directiveOverride:   "want NAME=VALUE, or nothing to forget the overrides set above",
	directiveUniformStd: "want true or false",
	directiveWebGPULim:  "want true or false",
	directiveEmbed:      "want file or inline",
	directiveWGSL:       "want inline or none",
	directiveFor:        "want binding names as wgslgen -for takes them (cogentcore, wgpu-native, gogpu), comma-separated, or nothing for none",
	directivePrefix:     "want true or false",
	directiveOut:        "want the name of a .go file in this directory",
	directivePkg:        "want a Go package name",
}

// applyDirective applies d to o and reports whether its value is valid. Each value is
// checked by wgslgen itself, as the flag it stands for.
func applyDirective(o *options, d rule.Directive) bool {
	value := strings.TrimSpace(d.Value)
	flagOK := func(args ...string) bool {
		_, err := wgslgen.ParseArgs(append(args, "x.wgsl"))
		return err == nil
	}
	switch d.Key {
	case directiveTarget:
		if !flagOK("-target=" + value) {
			return false
		}
		o.target = value
	case directiveOverride:
		if value == "" {
			o.overrides = nil
			return true
		}
		name, v, ok := strings.Cut(value, "=")
		if !ok || !flagOK("-override="+value) {
			return false
		}
		if o.overrides == nil {
			o.overrides = map[string]string{}
		}
		o.overrides[name] = v
	case directiveUniformStd:
		b, err := strconv.ParseBool(value)
		if err != nil {
			return false
		}
		o.uniformStd = b
	case directiveWebGPULim:
		b, err := strconv.ParseBool(value)
		if err != nil {
			return false
		}
		o.webgpuLim = b
	case directivePrefix:
		b, err := strconv.ParseBool(value)
		if err != nil {
			return false
		}
		o.prefix = b
	case directiveEmbed:
		if !flagOK("-embed=" + value) {
			return false
		}
		o.embed = value
	case directiveWGSL:
		if !flagOK("-wgsl=" + value) {
			return false
		}
		o.wgsl = value
	case directiveFor:
		if value == "" {
			o.forNames = nil
			return true
		}
		cmd, err := wgslgen.ParseArgs([]string{"-for=" + value, "x.wgsl"})
		if err != nil {
			return false
		}
		o.forNames = cmd.For
	case directiveOut:
		if value != path.Base(value) || !flagOK("-o="+value) {
			return false
		}
		o.out = value
	case directivePkg:
		if !flagOK("-pkg=" + value) {
			return false
		}
		o.pkg = value
	}
	return true
}
