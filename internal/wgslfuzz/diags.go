package wgslfuzz

import (
	"fmt"
	"regexp"
	"strings"
)

// Diagnostic is one diagnostic wgslc printed.
type Diagnostic struct {
	Severity   string // error, warning or note
	Line, Col  int    // 0 when the diagnostic has no position
	Message    string
	Positioned bool
}

// ParseDiagnostics reads wgslc's text diagnostics for the input named name: each starts
// with a line "name:line:col: severity: message", whose message may go on over more lines,
// and ends with the source line and a caret line; without a position it is the line
// "name: severity: message" and its continuation. Lines before the first diagnostic, and
// the command's own messages ("wgslc: ..."), are returned in other.
func ParseDiagnostics(stderr, name string) (diags []Diagnostic, other []string) {
	return parseDiagnostics(stderr, regexp.QuoteMeta(name))
}

// parseDiagnostics is ParseDiagnostics for the files whose names match the regular
// expression names: a WESL program's diagnostics name its modules.
func parseDiagnostics(stderr, names string) (diags []Diagnostic, other []string) {
	positioned := regexp.MustCompile(`^(?:` + names + `):(\d+):(\d+): (error|warning|note): (.*)$`)
	unpositioned := regexp.MustCompile(`^(?:` + names + `): (error|warning|note): (.*)$`)
	var block []string // the lines after the current diagnostic's first
	flush := func() {
		if len(diags) == 0 {
			for _, l := range block {
				if l != "" {
					other = append(other, l)
				}
			}
		} else if d := &diags[len(diags)-1]; d.Positioned && d.Line > 0 && len(block) >= 2 {
			// The source line and the caret end the block; what precedes them continues the message.
			if extra := block[:len(block)-2]; len(extra) > 0 {
				d.Message += "\n" + strings.Join(extra, "\n")
			}
		} else if len(block) > 0 {
			d.Message += "\n" + strings.Join(block, "\n")
		}
		block = block[:0]
	}
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if m := positioned.FindStringSubmatch(l); m != nil {
			flush()
			d := Diagnostic{Severity: m[3], Message: m[4], Positioned: true}
			fmt.Sscan(m[1], &d.Line)
			fmt.Sscan(m[2], &d.Col)
			diags = append(diags, d)
			continue
		}
		if m := unpositioned.FindStringSubmatch(l); m != nil {
			flush()
			diags = append(diags, Diagnostic{Severity: m[1], Message: m[2]})
			continue
		}
		if strings.HasPrefix(l, "wgslc: ") {
			other = append(other, l)
			continue
		}
		block = append(block, l)
	}
	flush()
	return diags, other
}
