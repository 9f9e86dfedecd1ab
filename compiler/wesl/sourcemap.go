package wesl

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// SourceMap maps linked WGSL back to the module files: the version 3 format of JavaScript
// tools (lines and columns from 0, columns in UTF-16 code units; "mappings" in base-64
// VLQ).
type SourceMap struct {
	Version        int      `json:"version"`
	File           string   `json:"file,omitempty"`
	Sources        []string `json:"sources"`
	SourcesContent []string `json:"sourcesContent"`
	Names          []string `json:"names"`
	Mappings       string   `json:"mappings"`
}

// JSON encodes the map.
func (m *SourceMap) JSON() ([]byte, error) { return json.MarshalIndent(m, "", "  ") }

type mapping struct {
	line, col       int // in the output
	src             int // -1: no source
	srcLine, srcCol int
	name            int // -1: none
}

// mapBuilder follows the output as it grows and records where its runs come from.
type mapBuilder struct {
	sources map[*diag.File]int
	sm      SourceMap
	names   map[string]int
	maps    []mapping
	seen    int // output bytes counted into line and col
	line    int
	col     int
}

func newMapBuilder() *mapBuilder {
	return &mapBuilder{sources: map[*diag.File]int{}, names: map[string]int{}, sm: SourceMap{Version: 3, Sources: []string{}, SourcesContent: []string{}, Names: []string{}}}
}

// advance counts the output written since the last call.
func (b *mapBuilder) advance(out []byte) {
	for _, r := range string(out[b.seen:]) {
		if r == '\n' {
			b.line++
			b.col = 0
			continue
		}
		b.col += utf16Len(r)
	}
	b.seen = len(out)
}

func utf16Len(r rune) int {
	if r >= 0x10000 && r != utf8.RuneError {
		return 2
	}
	return 1
}

// add maps the output's current end to position pos of f; name is the source's name of a
// renamed identifier there.
func (b *mapBuilder) add(out []byte, f *diag.File, pos diag.Pos, name string) {
	b.advance(out)
	src, ok := b.sources[f]
	if !ok {
		src = len(b.sm.Sources)
		b.sources[f] = src
		b.sm.Sources = append(b.sm.Sources, f.Name)
		b.sm.SourcesContent = append(b.sm.SourcesContent, string(f.Text))
	}
	p := f.Position(pos)
	srcCol, i := 0, 0
	for _, r := range f.Line(p.Line) {
		if i >= p.Column-1 {
			break
		}
		srcCol += utf16Len(r)
		i++
	}
	m := mapping{line: b.line, col: b.col, src: src, srcLine: p.Line - 1, srcCol: srcCol, name: -1}
	if name != "" {
		n, ok := b.names[name]
		if !ok {
			n = len(b.sm.Names)
			b.names[name] = n
			b.sm.Names = append(b.sm.Names, name)
		}
		m.name = n
	}
	b.maps = append(b.maps, m)
}

// unmapped ends the mapped run at the output's current end.
func (b *mapBuilder) unmapped(out []byte) {
	b.advance(out)
	if n := len(b.maps); n > 0 && b.maps[n-1].src < 0 && b.maps[n-1].line == b.line {
		return
	}
	b.maps = append(b.maps, mapping{line: b.line, col: b.col, src: -1, name: -1})
}

func (b *mapBuilder) finish(out []byte) *SourceMap {
	b.advance(out)
	var s strings.Builder
	line := 0
	var prevCol, prevSrc, prevSrcLine, prevSrcCol, prevName int
	first := true
	for _, m := range b.maps {
		for line < m.line {
			s.WriteByte(';')
			line++
			prevCol = 0
			first = true
		}
		if !first {
			s.WriteByte(',')
		}
		first = false
		vlq(&s, m.col-prevCol)
		prevCol = m.col
		if m.src < 0 {
			continue
		}
		vlq(&s, m.src-prevSrc)
		vlq(&s, m.srcLine-prevSrcLine)
		vlq(&s, m.srcCol-prevSrcCol)
		prevSrc, prevSrcLine, prevSrcCol = m.src, m.srcLine, m.srcCol
		if m.name >= 0 {
			vlq(&s, m.name-prevName)
			prevName = m.name
		}
	}
	b.sm.Mappings = s.String()
	return &b.sm
}

const base64Digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// vlq writes v in base-64 VLQ: sign in the lowest bit, 5 bits a digit, continuation in
// the sixth.
func vlq(s *strings.Builder, v int) {
	u := v << 1
	if v < 0 {
		u = (-v << 1) | 1
	}
	for {
		d := u & 31
		u >>= 5
		if u > 0 {
			d |= 32
		}
		s.WriteByte(base64Digits[d])
		if u == 0 {
			return
		}
	}
}
