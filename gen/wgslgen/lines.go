package wgslgen

import (
	"bufio"
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// commands are the ways a //go:generate line runs wgslgen.
var commands = []string{
	"go run github.com/wgslgo/wgslgo/tools/wgslgen ",
	"go tool github.com/wgslgo/wgslgo/tools/wgslgen ",
	"go tool wgslgen ",
	"wgslgen ",
}

// Line is a //go:generate line that runs wgslgen.
type Line struct {
	File    string // the Go file's base name, go generate's $GOFILE
	Line    int    // the line number in File, $GOLINE
	Package string // the file's package, $GOPACKAGE
	Args    []string
}

// Lines returns the //go:generate lines that run wgslgen in the non-test Go files of dir, in
// file and line order. It recognises
//
//	//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen ARGS...
//	//go:generate go tool wgslgen ARGS...
//	//go:generate go tool github.com/wgslgo/wgslgo/tools/wgslgen ARGS...
//	//go:generate wgslgen ARGS...
func Lines(dir string) ([]Line, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var lines []Line
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.PackageClauseOnly)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(src))
		for n := 1; sc.Scan(); n++ {
			text, ok := strings.CutPrefix(sc.Text(), "//go:generate ")
			if !ok {
				continue
			}
			for _, c := range commands {
				if args, ok := strings.CutPrefix(strings.TrimSpace(text)+" ", c); ok {
					lines = append(lines, Line{File: filepath.Base(name), Line: n, Package: f.Name.Name, Args: strings.Fields(args)})
					break
				}
			}
		}
	}
	return lines, nil
}

// PlainArgs returns an error if an argument of the line is not plain: Args are the line's
// words, without go generate's quoting and $NAME expansion, which tools that read the line
// instead of running go generate do not understand.
func (l Line) PlainArgs() error {
	for _, a := range l.Args {
		if strings.ContainsAny(a, "\"'`$") {
			return fmt.Errorf("only plain arguments are understood, not %s", a)
		}
	}
	return nil
}

// Command parses the line's arguments as wgslgen does (see ParseArgs); they must be plain
// (see PlainArgs).
func (l Line) Command() (*Command, error) {
	if err := l.PlainArgs(); err != nil {
		return nil, err
	}
	return ParseArgs(l.Args)
}
