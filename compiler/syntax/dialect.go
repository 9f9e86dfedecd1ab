package syntax

// DetectDialect guesses the dialect of src. It scans src as modern WGSL and weighs the
// constructs that only one dialect has:
//
//   - 2021 draft: `[[` attribute lists (never valid in modern WGSL, where `[` cannot start
//     an expression), `-> void`, `var<in>` / `var<out>`, `type X =` aliases, `elseif`,
//     `fallthrough`, structure members ending with ';', empty structures;
//   - modern: `@` attributes, and the keywords alias, override, const_assert, enable,
//     requires and diagnostic at the start of a declaration.
//
// It returns DialectLegacy2021 when the draft's constructs outweigh the modern ones, and
// DialectModern otherwise (including for text with neither).
func DetectDialect(src []byte) Dialect {
	toks, _ := scan(src, DialectModern, nil, DefaultMaxTokens)
	return detectFromTokens(src, toks)
}

func detectFromTokens(src []byte, toks []Token) Dialect {
	legacy, modern := 0, 0
	word := func(t Token, w string) bool {
		return int(t.End-t.Start) == len(w) && string(src[t.Start:t.End]) == w
	}
	structBody := false // inside the braces of a structure declaration
	declStart := true   // after ';' or '}': where a module-scope declaration may start
	depth := 0
	for i := 0; i+1 < len(toks); i++ {
		t, n := toks[i], toks[i+1]
		switch t.Kind {
		case LBracket:
			if n.Kind == LBracket && n.Start == t.End && i+2 < len(toks) && toks[i+2].Kind == TokIdent {
				legacy += 3
				i++
			}
		case Arrow:
			if n.Kind == TokIdent && word(n, "void") {
				legacy += 3
			}
		case KwVar:
			if n.Kind == TemplateStart && i+2 < len(toks) && (word(toks[i+2], "in") || word(toks[i+2], "out")) {
				legacy += 3
			}
		case TokIdent:
			// Only three words count; their lengths tell them apart without comparing the
			// text of every identifier.
			switch t.End - t.Start {
			case 4:
				if declStart && depth == 0 && word(t, "type") && n.Kind == TokIdent && i+2 < len(toks) && toks[i+2].Kind == Equal {
					legacy += 3
				}
			case 6:
				if word(t, "elseif") {
					legacy += 2
				}
			case 11:
				if word(t, "fallthrough") && n.Kind == Semicolon {
					legacy++
				}
			}
		case At:
			if n.Kind == TokIdent || n.Kind == KwConst || n.Kind == KwDiagnostic {
				modern++
			}
		case KwAlias, KwOverride, KwConstAssert, KwEnable, KwRequires:
			if declStart && depth == 0 {
				modern += 2
			}
		case KwStruct:
			if n.Kind == TokIdent && i+2 < len(toks) && toks[i+2].Kind == LBrace {
				structBody = true
				if i+3 < len(toks) && toks[i+3].Kind == RBrace {
					legacy++ // an empty structure
				}
			}
		case Semicolon:
			if structBody {
				legacy += 2 // members terminated by ';'
			}
		case LBrace:
			depth++
		case RBrace:
			if depth > 0 {
				depth--
			}
			structBody = false
		}
		declStart = t.Kind == Semicolon || t.Kind == RBrace
	}
	if legacy > modern {
		return DialectLegacy2021
	}
	return DialectModern
}
