// Package abi holds the conventions of the interface between a compiled shader and its host
// that the compiler adds to what the WGSL source declares: the specialisation constants,
// bindings and names a host must know besides the source's own. The passes that make them
// (lower, ir/transform), the backend that names them and the reflection that describes them
// take them from here, so that they cannot disagree.
//
//   - An override whose default is an override-expression is two specialisation constants in
//     SPIR-V, whose spec constants have literal defaults only: its value, with the
//     override's SpecId, and a bool flag, with OverrideFlagID, that a pipeline setting the
//     override sets to true (see OverrideFlagID).
//   - An override without a default, which every pipeline must set, still has a default in
//     SPIR-V: the placeholder OverridePlaceholder (1 for integers, so that an array the
//     override sizes stays valid; 0 otherwise).
//   - Pipeline constants are keyed as WebGPU keys them: by an override's name, or by the
//     decimal @id of one declared with @id (OverrideKey, MatchesOverrideKey).
//   - A texture_external becomes two texture planes and a uniform buffer of
//     ExternalTextureParams, the planes and buffer after the first taking the bindings
//     ExternalTextureBindings gives them, named by ExternalPartNames.
package abi

import "strconv"

// OverrideFlagID is the SpecId of the bool specialisation constant that says whether a
// pipeline set the override with SpecId id, for an override whose default is an
// override-expression: the override's value is select(flag, value, default). It lies above
// the range of @id (0..65535), so it never collides with an override's own id.
func OverrideFlagID(id uint32) uint32 { return 1<<16 + id }

// OverridePlaceholder is the default bits the SPIR-V (and the interpreter, which runs what the
// SPIR-V would) give an override declared without a default, whose value every pipeline must
// set: 1 for an integer type, so that an array the override sizes keeps a valid length, and
// 0 for the others.
func OverridePlaceholder(integer bool) uint64 {
	if integer {
		return 1
	}
	return 0
}

// OverrideFlagName is the name (OpName) of the flag of the override name.
func OverrideFlagName(name string) string { return name + "_is_set" }

// OverrideValueName is the name (OpName) of the specialisation constant that holds the value
// a pipeline sets for the override name, when the override itself is select(flag, value,
// default).
func OverrideValueName(name string) string { return name + "_value" }

// OverrideKey is the key of an override's pipeline constant: the decimal @id of one declared
// with @id (idSet), else its name.
func OverrideKey(name string, id int, idSet bool) string {
	if idSet {
		return strconv.Itoa(id)
	}
	return name
}

// MatchesOverrideKey reports whether key names the override: its name, or the decimal @id
// of one declared with @id (idSet), as WebGPU's pipeline constants do.
func MatchesOverrideKey(key, name string, id int, idSet bool) bool {
	if key == name {
		return true
	}
	n, err := strconv.Atoi(key)
	return err == nil && idSet && n == id
}
