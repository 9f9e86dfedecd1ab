// Package layout is the single source of truth for the memory layout of WGSL types: alignments,
// sizes, structure member offsets, array strides and matrix strides, computed once per
// compilation by the rules of the WGSL specification's "Memory Layout" section, plus the checks
// of its "Address Space Layout Constraints" and the explicit [[offset]]/[[stride]] rules of the
// 2021 draft (its section 3.4.6). The SPIR-V backend, the reflection JSON and the generated Go
// structs all read their numbers from here and never compute one themselves.
//
// # One layout, then checks
//
// The layout of a type does not depend on the address space: AlignOf, SizeOf, OffsetOfMember
// and StrideOf are the spec's, with @align(n) and @size(n) applied. Address spaces only add
// constraints, which are checked, never used to lay a type out differently:
//
//   - CheckType reports what is wrong with a type wherever it is used: @align not a positive
//     power of two or not a multiple of the member type's alignment (the spec's rule for every
//     address space but uniform, i.e. for RequiredAlignOf in storage), @size smaller than the
//     type, 2021-draft offsets that overlap, go backwards or are misaligned, strides smaller than
//     the element or misaligned, and types too large to address.
//   - Check reports what the address space of a variable adds on top: in the uniform address
//     space without the uniform_buffer_standard_layout language feature, 16-byte aligned
//     array strides and structure/array member offsets, and 16-byte spacing after a member of
//     structure type; in every uniform buffer, no runtime-sized array.
//
// The two are complementary: a rule is reported by exactly one of them.
//
// # The 2021 draft dialect
//
// A structure member with an explicit [[offset(n)]] (types.Member.Offset >= 0) is placed at n;
// a member without one is placed as the modern rules place it after the previous member. An
// array with an explicit [[stride(n)]] (types.Array.Stride > 0) has that stride. Alignment and
// size follow from those: AlignOf(S) is the largest member alignment and SizeOf(S) is the
// draft's Extent(S, storage) = roundUp(AlignOf(S), end of the last member). The draft's uniform
// extent, rounded up to 16, is enforced through the uniform spacing rule of Check.
//
// # Runtime-sized arrays
//
// SizeOf of a runtime-sized array is 0, and SizeOf of a structure whose last member is one is
// its size with zero elements: the spec's formula with NRuntime = 0. SizeWithElements gives the
// size for a given element count, RuntimeArray the array's offset and stride, ElementCount the
// spec's NRuntime for a buffer binding size, and MinBindingSize the WebGPU minimum buffer binding
// size: SizeOf of the store type with its runtime-sized array replaced by a one-element array
// (so it includes the structure's trailing padding). Override-sized arrays also count 0
// elements here; their size is known only once overrides are substituted.
//
// # Sizes
//
// Sizes and offsets saturate instead of overflowing; CheckType reports any type whose size
// exceeds MaxBytes (4 GiB - 1: SPIR-V offsets and strides are 32-bit literals).
//
// A Layouts memoizes per structure and per array; it is meant for one compilation and is not
// safe for concurrent use. The layout computation and the walks of the checks use explicit
// stacks, so a deeply nested type cannot exhaust the goroutine stack.
package layout
