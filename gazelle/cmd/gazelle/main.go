// Command gazelle is Gazelle with wgslgo's WGSL extension, after Gazelle's own proto and Go
// extensions, built as a plain Go program:
//
//	go run github.com/wgslgo/wgslgo/gazelle/cmd/gazelle [update|fix] [flags] [dirs...]
//
// writes the BUILD files of a Bazel repository: Go rules as Gazelle writes them, and for
// shaders the wgsl_go_library targets of package github.com/wgslgo/wgslgo/gazelle/wgsl.
//
// Gazelle's own command is a Bazel-built main package that cannot be imported, so this one
// drives Gazelle's packages itself, through the same steps: configure and walk the
// directories, generate and merge rules per language, index them, resolve dependencies,
// fix loads, write. It takes Gazelle's update and fix commands with every flag of the
// languages and of Gazelle's configuration, walk and resolve packages (-repo_root,
// -go_prefix, -index, -lang, -exclude, -build_file_name, ...), and -mode fix|print|diff,
// -r and -repo_config of Gazelle's command. Not here: update-repos, the map_kind and
// alias_kind directives (refused with an error), and Gazelle's -patch, -print0 and profiling
// flags. A Bazel build of Gazelle with the extension is a gazelle_binary whose languages end
// with @wgslgo//gazelle/wgsl (see the README).
//
// Exit status: 0; 1 when -mode diff finds changes, or on an error.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/language"
	golang "github.com/bazelbuild/bazel-gazelle/language/go"
	"github.com/bazelbuild/bazel-gazelle/language/proto"
	"github.com/bazelbuild/bazel-gazelle/merger"
	"github.com/bazelbuild/bazel-gazelle/repo"
	"github.com/bazelbuild/bazel-gazelle/resolve"
	"github.com/bazelbuild/bazel-gazelle/rule"
	"github.com/bazelbuild/bazel-gazelle/walk"
	"github.com/pmezard/go-difflib/difflib"

	"github.com/wgslgo/wgslgo/gazelle/wgsl"
)

func main() {
	log.SetFlags(0)
	wd := os.Getenv("BUILD_WORKSPACE_DIRECTORY")
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			log.Fatal(err)
		}
	}
	err := run(wd, os.Args[1:], os.Stdout)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
	case errors.Is(err, errDiff):
		os.Exit(1)
	default:
		log.Fatalf("gazelle: %v", err)
	}
}

// languages are the extensions, in the order they generate: the WGSL extension completes the
// Go rules of a directory.
func languages() []language.Language {
	return []language.Language{proto.NewLanguage(), golang.NewLanguage(), wgsl.NewLanguage()}
}

// errDiff is the result of -mode diff when a file would change.
var errDiff = errors.New("BUILD files would change")

// runConfig holds the flags of the command itself (not of a language or package).
type runConfig struct {
	mode      string
	recursive bool
	repoFile  string
	dirs      []string
	repos     []repo.Repo
}

func (rc *runConfig) RegisterFlags(fs *flag.FlagSet, cmd string, c *config.Config) {
	c.ShouldFix = cmd == "fix"
	fs.StringVar(&rc.mode, "mode", "fix", "fix: write the BUILD files; print: print them; diff: print what would change, in the unified format (exit status 1 if anything would)")
	fs.BoolVar(&rc.recursive, "r", true, "update the subdirectories of the directories given too")
	fs.StringVar(&rc.repoFile, "repo_config", "", "the `file` of repository rules (go_repository) that external imports resolve to (default: WORKSPACE)")
}

func (rc *runConfig) CheckFlags(fs *flag.FlagSet, c *config.Config) error {
	switch rc.mode {
	case "fix", "print", "diff":
	default:
		return fmt.Errorf("unknown -mode %q (want fix, print or diff)", rc.mode)
	}
	rc.dirs = fs.Args()
	if len(rc.dirs) == 0 {
		rc.dirs = []string{"."}
	}
	for i, d := range rc.dirs {
		if !filepath.IsAbs(d) {
			d = filepath.Join(c.WorkDir, d)
		}
		d, err := filepath.EvalSymlinks(d)
		if err != nil {
			return err
		}
		if rel, err := filepath.Rel(c.RepoRoot, d); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return fmt.Errorf("%s is not in the repository %s", rc.dirs[i], c.RepoRoot)
		}
		rc.dirs[i] = d
	}
	if rc.repoFile == "" {
		rc.repoFile = filepath.Join(c.RepoRoot, "WORKSPACE")
		if _, err := os.Stat(rc.repoFile + ".bazel"); err == nil {
			rc.repoFile += ".bazel"
		}
	} else if !filepath.IsAbs(rc.repoFile) {
		rc.repoFile = filepath.Join(c.WorkDir, rc.repoFile)
	}
	f, err := rule.LoadWorkspaceFile(rc.repoFile, "")
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	if c.Repos, _, err = repo.ListRepositories(f); err != nil {
		return err
	}
	for _, r := range c.Repos {
		if r.Kind() == "go_repository" {
			name := r.Name()
			if apparent := c.ModuleToApparentName(r.AttrString("module_name")); apparent != "" {
				name = apparent
			}
			rc.repos = append(rc.repos, repo.Repo{Name: name, GoPrefix: r.AttrString("importpath")})
		}
	}
	return nil
}

func (*runConfig) KnownDirectives() []string                            { return nil }
func (*runConfig) Configure(c *config.Config, rel string, f *rule.File) {}

// visit is a directory whose BUILD file is being written.
type visit struct {
	c       *config.Config
	rel     string
	file    *rule.File
	gen     []*rule.Rule
	empty   []*rule.Rule
	imports []interface{}
}

func run(wd string, args []string, stdout io.Writer) error {
	cmd := "update"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "update", "fix":
			cmd, args = args[0], args[1:]
		case "help":
			args = []string{"-h"}
		default:
			if _, err := os.Stat(filepath.Join(wd, args[0])); err != nil {
				return fmt.Errorf("unknown command %q: this gazelle runs update and fix", args[0])
			}
		}
	}
	langs := languages()
	rc := &runConfig{}
	cexts := []config.Configurer{&config.CommonConfigurer{}, rc, &walk.Configurer{}, &resolve.Configurer{}}
	for _, l := range langs {
		cexts = append(cexts, l)
	}
	c := config.New()
	c.WorkDir = wd
	fs := flag.NewFlagSet("gazelle", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: gazelle [update|fix] [flags] [dirs...]\n\nFlags:\n")
		fs.PrintDefaults()
	}
	for _, ext := range cexts {
		ext.RegisterFlags(fs, cmd, c)
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	for _, ext := range cexts {
		if err := ext.CheckFlags(fs, c); err != nil {
			return err
		}
	}

	kinds := map[string]rule.KindInfo{}
	kindLang := map[string]language.Language{}
	var loads []rule.LoadInfo
	exts := make([]interface{}, len(langs))
	for i, l := range langs {
		for kind, info := range l.Kinds() {
			kinds[kind], kindLang[kind] = info, l
		}
		if ml, ok := l.(language.ModuleAwareLanguage); ok {
			loads = append(loads, ml.ApparentLoads(c.ModuleToApparentName)...)
		} else {
			loads = append(loads, l.Loads()...)
		}
		exts[i] = l
	}
	resolver := func(r *rule.Rule, pkgRel string) resolve.Resolver {
		if l, ok := kindLang[r.Kind()]; ok {
			return l
		}
		return nil
	}
	ix := resolve.NewRuleIndex(resolver, exts...)
	ctx := context.Background()
	for _, l := range langs {
		if lm, ok := l.(language.LifecycleManager); ok {
			lm.Before(ctx)
		}
	}

	mode := walk.UpdateDirsMode
	switch all := c.IndexLibraries && !c.IndexLazy; {
	case rc.recursive && all:
		mode = walk.VisitAllUpdateSubdirsMode
	case all:
		mode = walk.VisitAllUpdateDirsMode
	case rc.recursive:
		mode = walk.UpdateSubdirsMode
	}
	var visits []visit
	walkErr := walk.Walk2(c, cexts, rc.dirs, mode, func(a walk.Walk2FuncArgs) walk.Walk2FuncResult {
		c, f := a.Config, a.File
		if len(c.KindMap) > 0 || len(c.AliasMap) > 0 {
			return walk.Walk2FuncResult{Err: fmt.Errorf("%s: the map_kind and alias_kind directives need Gazelle's own command (a gazelle_binary with this extension)", a.Rel)}
		}
		if !a.Update {
			if c.IndexLibraries && f != nil {
				for _, r := range f.Rules {
					ix.AddRule(c, r, f)
				}
			}
			return walk.Walk2FuncResult{}
		}
		active := filterLanguages(c, langs)
		if f != nil {
			for _, l := range active {
				l.Fix(c, f)
			}
		}
		v := visit{c: c, rel: a.Rel}
		var toIndex []string
		for _, l := range active {
			res := l.GenerateRules(language.GenerateArgs{
				Config: c, Dir: a.Dir, Rel: a.Rel, File: f,
				Subdirs: a.Subdirs, RegularFiles: a.RegularFiles, GenFiles: a.GenFiles,
				OtherEmpty: v.empty, OtherGen: v.gen,
			})
			if len(res.Gen) != len(res.Imports) {
				return walk.Walk2FuncResult{Err: fmt.Errorf("%s: language %s generated %d rules and %d imports", a.Rel, l.Name(), len(res.Gen), len(res.Imports))}
			}
			v.empty = append(v.empty, res.Empty...)
			v.gen = append(v.gen, res.Gen...)
			v.imports = append(v.imports, res.Imports...)
			if c.IndexLibraries {
				toIndex = append(toIndex, res.RelsToIndex...)
			}
		}
		if f == nil && len(v.gen) == 0 {
			return walk.Walk2FuncResult{RelsToVisit: toIndex}
		}
		if f == nil {
			f = rule.EmptyFile(filepath.Join(a.Dir, c.DefaultBuildFileName()), a.Rel)
			for _, r := range v.gen {
				r.Insert(f)
			}
		} else {
			merger.MergeFile(f, v.empty, v.gen, merger.PreResolve, kinds, nil)
		}
		v.file = f
		visits = append(visits, v)
		if c.IndexLibraries {
			for _, r := range f.Rules {
				ix.AddRule(c, r, f)
			}
		}
		return walk.Walk2FuncResult{RelsToVisit: toIndex}
	})
	for _, l := range langs {
		if fl, ok := l.(language.FinishableLanguage); ok {
			fl.DoneGeneratingRules()
		}
	}
	if walkErr != nil {
		return walkErr
	}

	ix.Finish()
	cache, cleanup := repo.NewRemoteCache(rc.repos)
	defer cleanup()
	if _, err := os.Stat(filepath.Join(c.RepoRoot, "go.mod")); err == nil {
		if err := cache.PopulateFromGoMod(filepath.Join(c.RepoRoot, "go.mod")); err != nil {
			log.Printf("gazelle: %v", err)
		}
	}
	for _, v := range visits {
		for i, r := range v.gen {
			if l := resolver(r, v.rel); l != nil {
				l.Resolve(v.c, ix, cache, r, v.imports[i], label.New(c.RepoName, v.rel, r.Name()))
			}
		}
		merger.MergeFile(v.file, v.empty, v.gen, merger.PostResolve, kinds, nil)
	}
	for _, l := range langs {
		if lm, ok := l.(language.LifecycleManager); ok {
			lm.AfterResolvingDeps(ctx)
		}
	}

	var changed bool
	for _, v := range visits {
		merger.FixLoads(v.file, loads)
		content := v.file.Format()
		if bytes.Equal(content, v.file.Content) {
			continue
		}
		changed = true
		if err := emit(rc.mode, c.RepoRoot, v.file, content, stdout); err != nil {
			return err
		}
	}
	if changed && rc.mode == "diff" {
		return errDiff
	}
	return nil
}

// emit writes, prints or diffs a BUILD file whose content changed.
func emit(mode, root string, f *rule.File, content []byte, stdout io.Writer) error {
	switch mode {
	case "print":
		_, err := stdout.Write(content)
		return err
	case "diff":
		rel, err := filepath.Rel(root, f.Path)
		if err != nil {
			return err
		}
		d := difflib.UnifiedDiff{B: difflib.SplitLines(string(content)), FromFile: filepath.ToSlash(rel), ToFile: filepath.ToSlash(rel), Context: 3}
		if len(f.Content) > 0 {
			d.A = difflib.SplitLines(string(f.Content))
		} else {
			d.FromFile = "/dev/null"
		}
		return difflib.WriteUnifiedDiff(stdout, d)
	}
	return os.WriteFile(f.Path, content, 0o666)
}

// filterLanguages returns the languages the -lang flag or the lang directive selects.
func filterLanguages(c *config.Config, langs []language.Language) []language.Language {
	if len(c.Langs) == 0 {
		return langs
	}
	var selected []language.Language
	for _, l := range langs {
		for _, name := range c.Langs {
			if l.Name() == name {
				selected = append(selected, l)
			}
		}
	}
	return selected
}
