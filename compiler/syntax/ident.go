package syntax

import "unicode"

// Identifiers follow UAX #31 with the spec's profile: <Start> <Continue>*, where Start is
// XID_Start plus '_' and Continue adds XID_Continue. Go's unicode package has the
// categories that make up ID_Start/ID_Continue; the XID variants differ from them only by
// a handful of code points whose NFKC forms are not identifiers, listed below.

// xidExcluded are in ID_Start/ID_Continue but not in XID_Start/XID_Continue.
var xidExcluded = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x037a, Hi: 0x037a, Stride: 1},
		{Lo: 0x309b, Hi: 0x309c, Stride: 1},
		{Lo: 0xfc5e, Hi: 0xfc63, Stride: 1},
		{Lo: 0xfdfa, Hi: 0xfdfb, Stride: 1},
		{Lo: 0xfe70, Hi: 0xfe7e, Stride: 2},
	},
}

// xidStartExcluded are in XID_Continue but not in XID_Start although ID_Start has them.
var xidStartExcluded = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x0e33, Hi: 0x0e33, Stride: 1},
		{Lo: 0x0eb3, Hi: 0x0eb3, Stride: 1},
		{Lo: 0xff9e, Hi: 0xff9f, Stride: 1},
	},
}

func isIDStart(r rune) bool {
	return (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

func isIDContinue(r rune) bool {
	if isIDStart(r) {
		return true
	}
	return (unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) || unicode.Is(unicode.Other_ID_Continue, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

// isXIDStart reports whether r may start an identifier (besides '_').
func isXIDStart(r rune) bool {
	if r < 0x80 {
		return ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')
	}
	return isIDStart(r) && !unicode.Is(xidExcluded, r) && !unicode.Is(xidStartExcluded, r)
}

// isXIDContinue reports whether r may continue an identifier.
func isXIDContinue(r rune) bool {
	if r < 0x80 {
		return r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9')
	}
	return isIDContinue(r) && !unicode.Is(xidExcluded, r)
}
