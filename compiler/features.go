package compiler

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// FeatureFlag is the repeatable command-line flag --feature NAME (on) or NAME=false (off)
// of the commands (flag.Value): the Options.Features it collects. A later value for the
// same NAME wins.
type FeatureFlag map[string]bool

// String returns the flags as NAME=true,..., sorted by NAME.
func (f *FeatureFlag) String() string {
	var kvs []string
	for _, k := range slices.Sorted(maps.Keys(*f)) {
		kvs = append(kvs, fmt.Sprintf("%s=%t", k, (*f)[k]))
	}
	return strings.Join(kvs, ",")
}

// Set adds NAME, NAME=true or NAME=false.
func (f *FeatureFlag) Set(s string) error {
	name, value, hasValue := strings.Cut(s, "=")
	on := true
	if hasValue {
		switch value {
		case "true":
		case "false":
			on = false
		default:
			return fmt.Errorf("want NAME, NAME=true or NAME=false, got %q", s)
		}
	}
	if name == "" || strings.ContainsAny(name, " \t,") {
		return fmt.Errorf("want a feature name, got %q", s)
	}
	if *f == nil {
		*f = FeatureFlag{}
	}
	(*f)[name] = on
	return nil
}
