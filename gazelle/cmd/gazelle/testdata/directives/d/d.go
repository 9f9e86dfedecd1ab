// Package d has a line: the directives above do not apply to it.
package d

//go:generate wgslgen w.wgsl
