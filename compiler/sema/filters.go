package sema

import (
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// Diagnostic filtering: the `diagnostic(severity, rule)` directive and the @diagnostic
// attribute on functions and statements. An attribute's filter applies to the span of what it
// is attached to; the innermost filter covering a position wins, then the global one.

type filterSeverity uint8

const (
	sevDefault filterSeverity = iota
	sevError
	sevWarning
	sevInfo
	sevOff
)

func parseSeverity(s string) (filterSeverity, bool) {
	switch s {
	case "error":
		return sevError, true
	case "warning":
		return sevWarning, true
	case "info":
		return sevInfo, true
	case "off":
		return sevOff, true
	}
	return sevDefault, false
}

// knownRule returns the default severity of a filterable triggering rule.
func knownRule(rule string) (filterSeverity, bool) {
	switch rule {
	case "derivative_uniformity", "subgroup_uniformity":
		return sevError, true
	// Our own rule for unreachable statements; Tint spells it chromium.unreachable_code.
	case "unreachable_code", "chromium.unreachable_code":
		return sevWarning, true
	}
	return sevDefault, false
}

type filterRange struct {
	span diag.Span
	rule string
	sev  filterSeverity
}

type filterStack struct {
	global map[string]filterSeverity
	ranges []filterRange
}

func newFilterStack() *filterStack { return &filterStack{global: map[string]filterSeverity{}} }

// control validates a (severity, rule) pair, returning ok when the filter should apply.
func (c *checker) control(ctl *syntax.DiagnosticControl) (string, filterSeverity, bool) {
	sev, ok := parseSeverity(ctl.Severity.Name)
	if !ok {
		c.errorAt(ctl.Severity.Loc, "unknown diagnostic severity '%s' (want error, warning, info or off)", ctl.Severity.Name)
		return "", 0, false
	}
	rule := ctl.Rule.Name
	if _, known := knownRule(rule); !known {
		if !containsDot(rule) {
			c.warn(ctl.Rule.Loc, "", "unrecognized diagnostic rule '"+rule+"'")
		}
		return "", 0, false
	}
	if rule == "chromium.unreachable_code" {
		rule = "unreachable_code"
	}
	return rule, sev, true
}

func containsDot(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return true
		}
	}
	return false
}

// globalFilter applies a `diagnostic(...)` directive.
func (c *checker) globalFilter(ctl *syntax.DiagnosticControl) {
	rule, sev, ok := c.control(ctl)
	if !ok {
		return
	}
	if prev, dup := c.filters.global[rule]; dup && prev != sev {
		c.errorAt(ctl.Loc, "conflicting diagnostic directives for '%s'", rule)
		return
	}
	c.filters.global[rule] = sev
}

// stmtAttrs checks the attributes of a statement or block, covering span: @diagnostic is the
// only attribute there (spec "Attributes").
func (c *checker) stmtAttrs(attrs []*syntax.Attribute, span diag.Span) {
	if len(attrs) > 0 {
		c.attrs(attrs, "a statement or block", "diagnostic")
	}
	c.filterAttrs(attrs, span)
}

// filterAttrs records the @diagnostic attributes of a function or statement covering span.
func (c *checker) filterAttrs(attrs []*syntax.Attribute, span diag.Span) {
	seen := map[string]filterSeverity{}
	for _, a := range attrs {
		if a.Name.Name != "diagnostic" {
			continue
		}
		if a.Diagnostic == nil {
			c.errorf(a, "@diagnostic needs a severity and a rule: @diagnostic(off, derivative_uniformity)")
			continue
		}
		rule, sev, ok := c.control(a.Diagnostic)
		if !ok {
			continue
		}
		if prev, dup := seen[rule]; dup && prev != sev {
			c.errorf(a, "conflicting @diagnostic attributes for '%s'", rule)
			continue
		}
		seen[rule] = sev
		c.filters.ranges = append(c.filters.ranges, filterRange{span: span, rule: rule, sev: sev})
	}
}

// severityAt returns the severity of rule at pos after filtering.
func (c *checker) severityAt(rule string, pos diag.Pos) filterSeverity {
	best := -1
	for i, r := range c.filters.ranges {
		if r.rule != rule || pos < r.span.Start || pos >= r.span.End {
			continue
		}
		if best < 0 || r.span.End-r.span.Start <= c.filters.ranges[best].span.End-c.filters.ranges[best].span.Start {
			best = i
		}
	}
	if best >= 0 {
		return c.filters.ranges[best].sev
	}
	if sev, ok := c.filters.global[rule]; ok {
		return sev
	}
	sev, _ := knownRule(rule)
	return sev
}

// warn reports a diagnostic of a filterable rule (or an unfiltered warning when rule is "").
func (c *checker) warn(span diag.Span, rule, msg string) {
	sev := sevWarning
	if rule != "" {
		sev = c.severityAt(rule, span.Start)
	}
	c.emit(span, rule, sev, msg)
}

func (c *checker) emit(span diag.Span, rule string, sev filterSeverity, msg string) *diag.Diagnostic {
	var d *diag.Diagnostic
	switch sev {
	case sevOff:
		return nil
	case sevError:
		d = c.Add(diag.Error, span, msg)
	case sevInfo:
		d = c.Add(diag.Info, span, msg)
	default:
		d = c.Add(diag.Warning, span, msg)
	}
	d.Rule = rule
	return d
}
