// Package jsonschema validates JSON documents against a JSON Schema (draft 2020-12), for
// tests. It knows the keywords the project's schemas use, and refuses a schema with any other
// keyword rather than ignoring it: type, enum, const, properties, required,
// additionalProperties, items, minItems, maxItems, uniqueItems, minimum, maximum, minLength,
// oneOf, anyOf and $ref to "#/$defs/NAME", besides the annotations $schema, $id, $defs,
// title and description.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// Schema is a compiled JSON Schema.
type Schema struct {
	root map[string]any
	defs map[string]any
}

// Compile reads a schema and checks that it uses only the keywords this package knows.
func Compile(data []byte) (*Schema, error) {
	v, err := decode(data)
	if err != nil {
		return nil, fmt.Errorf("jsonschema: %v", err)
	}
	root, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("jsonschema: a schema is an object")
	}
	s := &Schema{root: root, defs: map[string]any{}}
	if defs, ok := root["$defs"].(map[string]any); ok {
		s.defs = defs
	}
	if err := s.checkKeywords(root, "#"); err != nil {
		return nil, err
	}
	for name, d := range s.defs {
		if err := s.checkKeywords(d, "#/$defs/"+name); err != nil {
			return nil, err
		}
	}
	return s, nil
}

var known = map[string]bool{
	"$schema": true, "$id": true, "$defs": true, "title": true, "description": true,
	"type": true, "enum": true, "const": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "minItems": true, "maxItems": true,
	"uniqueItems": true, "minimum": true, "maximum": true, "minLength": true, "oneOf": true,
	"anyOf": true, "$ref": true,
}

func (s *Schema) checkKeywords(v any, at string) error {
	if _, ok := v.(bool); ok {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("jsonschema: %s: a schema is an object or a boolean", at)
	}
	for k, sub := range m {
		if !known[k] {
			return fmt.Errorf("jsonschema: %s: unsupported keyword %q", at, k)
		}
		switch k {
		case "properties":
			props, _ := sub.(map[string]any)
			for name, p := range props {
				if err := s.checkKeywords(p, at+"/properties/"+name); err != nil {
					return err
				}
			}
		case "items", "additionalProperties":
			if err := s.checkKeywords(sub, at+"/"+k); err != nil {
				return err
			}
		case "oneOf", "anyOf":
			list, _ := sub.([]any)
			for i, p := range list {
				if err := s.checkKeywords(p, fmt.Sprintf("%s/%s/%d", at, k, i)); err != nil {
					return err
				}
			}
		case "$ref":
			ref, _ := sub.(string)
			name, ok := strings.CutPrefix(ref, "#/$defs/")
			if !ok || s.defs[name] == nil {
				return fmt.Errorf("jsonschema: %s: unresolvable $ref %q", at, ref)
			}
		}
	}
	return nil
}

// Validate checks a JSON document against the schema and reports every violation, each
// with its JSON pointer.
func (s *Schema) Validate(data []byte) error {
	v, err := decode(data)
	if err != nil {
		return fmt.Errorf("jsonschema: %v", err)
	}
	var errs []string
	s.validate(s.root, v, "", &errs)
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("data after the JSON value")
	}
	return v, nil
}

func (s *Schema) validate(schema, v any, at string, errs *[]string) {
	fail := func(format string, args ...any) {
		where := at
		if where == "" {
			where = "/"
		}
		*errs = append(*errs, where+": "+fmt.Sprintf(format, args...))
	}
	if b, ok := schema.(bool); ok {
		if !b {
			fail("not allowed")
		}
		return
	}
	m := schema.(map[string]any)
	if ref, ok := m["$ref"].(string); ok {
		s.validate(s.defs[strings.TrimPrefix(ref, "#/$defs/")], v, at, errs)
	}
	if t, ok := m["type"]; ok && !hasType(t, v) {
		fail("%s is not of type %v", kind(v), t)
		return
	}
	if c, ok := m["const"]; ok && !equal(c, v) {
		fail("want %v", c)
	}
	if e, ok := m["enum"].([]any); ok {
		found := false
		for _, x := range e {
			found = found || equal(x, v)
		}
		if !found {
			fail("%v is not one of %v", v, e)
		}
	}
	switch v := v.(type) {
	case map[string]any:
		s.object(m, v, at, errs, fail)
	case []any:
		if n, ok := number(m["minItems"]); ok && float64(len(v)) < n {
			fail("%d items, fewer than %v", len(v), n)
		}
		if n, ok := number(m["maxItems"]); ok && float64(len(v)) > n {
			fail("%d items, more than %v", len(v), n)
		}
		if m["uniqueItems"] == true {
			for i := range v {
				for j := i + 1; j < len(v); j++ {
					if equal(v[i], v[j]) {
						fail("items %d and %d are equal", i, j)
					}
				}
			}
		}
		if items, ok := m["items"]; ok {
			for i, x := range v {
				s.validate(items, x, fmt.Sprintf("%s/%d", at, i), errs)
			}
		}
	case json.Number:
		f, _ := v.Float64()
		if n, ok := number(m["minimum"]); ok && f < n {
			fail("%v is less than %v", v, n)
		}
		if n, ok := number(m["maximum"]); ok && f > n {
			fail("%v is more than %v", v, n)
		}
	case string:
		if n, ok := number(m["minLength"]); ok && float64(len([]rune(v))) < n {
			fail("%q is shorter than %v", v, n)
		}
	}
	for _, comb := range []string{"oneOf", "anyOf"} {
		list, ok := m[comb].([]any)
		if !ok {
			continue
		}
		matched := 0
		var first []string
		for _, sub := range list {
			var subErrs []string
			s.validate(sub, v, at, &subErrs)
			if len(subErrs) == 0 {
				matched++
			} else if first == nil {
				first = subErrs
			}
		}
		switch {
		case comb == "oneOf" && matched != 1:
			fail("matches %d of the oneOf schemas, want exactly 1 (first mismatch: %s)", matched, strings.Join(first, "; "))
		case comb == "anyOf" && matched == 0:
			fail("matches none of the anyOf schemas (%s)", strings.Join(first, "; "))
		}
	}
}

func (s *Schema) object(m map[string]any, v map[string]any, at string, errs *[]string, fail func(string, ...any)) {
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			if _, ok := v[r.(string)]; !ok {
				fail("missing %q", r)
			}
		}
	}
	props, _ := m["properties"].(map[string]any)
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if p, ok := props[k]; ok {
			s.validate(p, v[k], at+"/"+k, errs)
		} else if ap, ok := m["additionalProperties"]; ok {
			if ap == false {
				fail("unexpected property %q", k)
			} else {
				s.validate(ap, v[k], at+"/"+k, errs)
			}
		}
	}
}

func hasType(t, v any) bool {
	if list, ok := t.([]any); ok {
		for _, x := range list {
			if hasType(x, v) {
				return true
			}
		}
		return false
	}
	k := kind(v)
	return t == k || t == "number" && k == "integer"
}

// kind is the JSON Schema type of a decoded value; "integer" for whole numbers.
func kind(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(v)); ok && r.IsInt() {
			return "integer"
		}
		return "number"
	}
	return "unknown"
}

func number(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// equal compares two decoded JSON values; numbers by value.
func equal(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, okx := new(big.Rat).SetString(string(a))
		y, oky := new(big.Rat).SetString(string(bn))
		return okx && oky && x.Cmp(y) == 0
	case []any:
		bl, ok := b.([]any)
		if !ok || len(a) != len(bl) {
			return false
		}
		for i := range a {
			if !equal(a[i], bl[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, x := range a {
			if y, ok := bm[k]; !ok || !equal(x, y) {
				return false
			}
		}
		return true
	}
	return a == b
}
