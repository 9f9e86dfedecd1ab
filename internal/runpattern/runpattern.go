// Package runpattern matches test names against the patterns of `wgslc test -run`: regular
// expressions in the syntax of Go's package regexp (RE2), matched anywhere in the name as
// `go test -run` matches them, by a Thompson automaton in time linear in the name.
//
// It exists so that wgslc does not link package regexp: regexp's initialisation, with the
// Unicode category and script maps its parser refers to, runs in every wgslc process,
// whatever it does (about 0.45 ms of its initialisation trace; BENCHMARKS.md, thirteenth
// round). It covers what naming tests needs and
// rejects the rest with an error that says so: Unicode classes (\p, \P) and \C. Everything
// it accepts matches as package regexp matches it (TestAgainstRegexp).
package runpattern

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Pattern is a compiled -run pattern.
type Pattern struct {
	prog  []inst
	start int
}

type instKind uint8

const (
	iRune   instKind = iota // one rune in ranges, then next
	iSplit                  // both next and alt
	iJmp                    // next
	iAssert                 // an empty-width condition, then next
	iMatch
)

type assertion uint8

const (
	beginText assertion = iota
	endText
	beginLine
	endLine
	wordBoundary
	noWordBoundary
)

type inst struct {
	kind      instKind
	assert    assertion
	next, alt int
	ranges    []rune // pairs lo, hi, sorted and disjoint
}

// maxInsts bounds the automaton: repetitions multiply their operand.
const maxInsts = 10000

// maxRepeat is the largest count of a {n,m} repetition, as for package regexp.
const maxRepeat = 1000

// Compile parses a pattern.
func Compile(expr string) (*Pattern, error) {
	if !utf8.ValidString(expr) {
		return nil, fmt.Errorf("invalid UTF-8: `%s`", expr)
	}
	p := &parser{src: expr, rest: expr}
	n, err := p.alternation()
	if err != nil {
		return nil, err
	}
	if p.rest != "" { // alternation stops only at ')' or the end
		return nil, p.errorf("unexpected ): `%s`", expr)
	}
	c := compiler{}
	start := c.emit(n)
	c.patch(start.out, c.add(inst{kind: iMatch}))
	if len(c.prog) > maxInsts {
		return nil, p.errorf("expression too large for wgslc's -run patterns: `%s`", expr)
	}
	return &Pattern{prog: c.prog, start: start.in}, nil
}

// MatchString reports whether the pattern matches s or any part of it.
func (p *Pattern) MatchString(s string) bool {
	cur, next := newSet(len(p.prog)), newSet(len(p.prog))
	prev := rune(-1)
	for pos := 0; ; {
		r, w := rune(-1), 0
		if pos < len(s) {
			r, w = utf8.DecodeRuneInString(s[pos:])
		}
		at := context{prev: prev, next: r, begin: pos == 0, end: pos == len(s)}
		// The states that read the previous rune, closed over the empty transitions here,
		// and a match starting here.
		cur.clear()
		for _, pc := range next.dense {
			if p.add(cur, pc, at) {
				return true
			}
		}
		if p.add(cur, p.start, at) {
			return true
		}
		if pos == len(s) {
			return false
		}
		next.clear()
		for _, pc := range cur.dense {
			if in := &p.prog[pc]; in.kind == iRune && inRanges(in.ranges, r) && !next.has(in.next) {
				next.insert(in.next)
			}
		}
		prev = r
		pos += w
	}
}

// context is what the empty-width assertions look at: the runes on either side (-1 at the
// ends) and whether the position is the text's start or end.
type context struct {
	prev, next rune
	begin, end bool
}

func isWordRune(r rune) bool { return r == '_' || isAlnum(r) }

func (c context) holds(a assertion) bool {
	switch a {
	case beginText:
		return c.begin
	case endText:
		return c.end
	case beginLine:
		return c.begin || c.prev == '\n'
	case endLine:
		return c.end || c.next == '\n'
	case wordBoundary:
		return isWordRune(c.prev) != isWordRune(c.next)
	default:
		return isWordRune(c.prev) == isWordRune(c.next)
	}
}

// add puts pc and every state its empty transitions reach at this position into s, and
// reports whether one of them is the match.
func (p *Pattern) add(s *sparseSet, pc int, at context) bool {
	if s.has(pc) {
		return false
	}
	s.insert(pc)
	in := &p.prog[pc]
	switch in.kind {
	case iMatch:
		return true
	case iJmp:
		return p.add(s, in.next, at)
	case iSplit:
		return p.add(s, in.next, at) || p.add(s, in.alt, at)
	case iAssert:
		return at.holds(in.assert) && p.add(s, in.next, at)
	}
	return false
}

func inRanges(ranges []rune, r rune) bool {
	for i := 0; i < len(ranges); i += 2 {
		if r < ranges[i] {
			return false
		}
		if r <= ranges[i+1] {
			return true
		}
	}
	return false
}

// sparseSet is a set of states with constant-time insertion, lookup and clearing.
type sparseSet struct {
	sparse []int
	dense  []int
}

func newSet(n int) *sparseSet {
	return &sparseSet{sparse: make([]int, n), dense: make([]int, 0, n)}
}

func (s *sparseSet) has(i int) bool {
	j := s.sparse[i]
	return j < len(s.dense) && s.dense[j] == i
}

func (s *sparseSet) insert(i int) {
	s.sparse[i] = len(s.dense)
	s.dense = append(s.dense, i)
}

func (s *sparseSet) clear() { s.dense = s.dense[:0] }

// ---- syntax ----

type nodeKind uint8

const (
	nEmpty nodeKind = iota
	nClass          // one rune of ranges
	nAssert
	nConcat
	nAlt
	nRepeat // min..max of sub (max -1: no bound)
)

type node struct {
	kind     nodeKind
	quoted   bool // a concatenation of \Q...\E's literals: a repetition applies to the last
	ranges   []rune
	assert   assertion
	subs     []*node
	min, max int
}

// flags are the parser's current flags: (?i), (?m), (?s); (?U) is accepted and changes
// nothing, since a match anywhere does not depend on greed.
type flags struct {
	fold, multiLine, dotNL bool
}

type parser struct {
	src   string
	rest  string
	flags flags
	depth int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// alternation parses branches separated by '|', up to ')' or the end.
func (p *parser) alternation() (*node, error) {
	var branches []*node
	for {
		n, err := p.concatenation()
		if err != nil {
			return nil, err
		}
		branches = append(branches, n)
		if !strings.HasPrefix(p.rest, "|") {
			break
		}
		p.rest = p.rest[1:]
	}
	if len(branches) == 1 {
		return branches[0], nil
	}
	return &node{kind: nAlt, subs: branches}, nil
}

// concatenation parses atoms and repetition operators up to '|', ')' or the end. As in
// package regexp, an operator applies to the last atom, even across a flag group, and two
// operators in a row are an error.
func (p *parser) concatenation() (*node, error) {
	var items []*node
	lastRepeat := ""
	for p.rest != "" && p.rest[0] != '|' && p.rest[0] != ')' {
		if op, lo, hi, ok, err := p.repetition(); err != nil {
			return nil, err
		} else if ok {
			if lastRepeat != "" {
				return nil, p.errorf("invalid nested repetition operator: `%s%s`", lastRepeat, op)
			}
			if len(items) == 0 {
				return nil, p.errorf("missing argument to repetition operator: `%s`", op)
			}
			last := len(items) - 1
			items[last] = &node{kind: nRepeat, subs: []*node{items[last]}, min: lo, max: hi}
			lastRepeat = op
			continue
		}
		lastRepeat = ""
		atom, err := p.atom()
		if err != nil {
			return nil, err
		}
		switch {
		case atom == nil: // a flag group, or an empty \Q\E
		case atom.quoted: // \Q...\E: literals, each an atom of its own
			items = append(items, atom.subs...)
		default:
			items = append(items, atom)
		}
	}
	switch len(items) {
	case 0:
		return &node{kind: nEmpty}, nil
	case 1:
		return items[0], nil
	}
	return &node{kind: nConcat, subs: items}, nil
}

// repetition parses a repetition operator, if one is next: *, +, ?, {n}, {n,} or {n,m},
// each possibly followed by '?' (not greedy, which a match anywhere does not see). A '{'
// that starts none is a literal.
func (p *parser) repetition() (op string, lo, hi int, ok bool, err error) {
	start := p.rest
	switch p.rest[0] {
	case '*':
		lo, hi = 0, -1
		p.rest = p.rest[1:]
	case '+':
		lo, hi = 1, -1
		p.rest = p.rest[1:]
	case '?':
		lo, hi = 0, 1
		p.rest = p.rest[1:]
	case '{':
		if lo, hi, ok = p.repeatCount(); !ok {
			return "", 0, 0, false, nil
		}
		if lo > maxRepeat || hi > maxRepeat || hi >= 0 && lo > hi {
			return "", 0, 0, false, p.errorf("invalid repeat count: `%s`", start[:len(start)-len(p.rest)])
		}
	default:
		return "", 0, 0, false, nil
	}
	if strings.HasPrefix(p.rest, "?") {
		p.rest = p.rest[1:]
	}
	return start[:len(start)-len(p.rest)], lo, hi, true, nil
}

// repeatCount parses {n}, {n,} or {n,m}; ok is false (and nothing consumed) when the text
// is not one.
func (p *parser) repeatCount() (lo, hi int, ok bool) {
	s := p.rest[1:]
	lo, s, ok = number(s)
	if !ok {
		return 0, 0, false
	}
	hi = lo
	if strings.HasPrefix(s, ",") {
		s = s[1:]
		if strings.HasPrefix(s, "}") {
			hi = -1
		} else if hi, s, ok = number(s); !ok {
			return 0, 0, false
		}
	}
	if !strings.HasPrefix(s, "}") {
		return 0, 0, false
	}
	p.rest = s[1:]
	return lo, hi, true
}

// number parses decimal digits without a leading zero; a number past maxRepeat is
// returned as maxRepeat+1.
func number(s string) (int, string, bool) {
	i, n := 0, 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		n = min(n*10+int(s[i]-'0'), maxRepeat+1)
		i++
	}
	if i == 0 || i > 1 && s[0] == '0' {
		return 0, s, false
	}
	return n, s[i:], true
}

// atom parses one atom; it returns nil after a group that only sets flags and after an
// empty \Q\E. Repetition operators are the caller's.
func (p *parser) atom() (*node, error) {
	switch p.rest[0] {
	case '{': // not a repetition (the caller tried): a literal
		p.rest = p.rest[1:]
		return p.literal('{'), nil
	case '(':
		return p.group()
	case '[':
		return p.class()
	case '.':
		p.rest = p.rest[1:]
		if p.flags.dotNL {
			return &node{kind: nClass, ranges: []rune{0, unicode.MaxRune}}, nil
		}
		return &node{kind: nClass, ranges: []rune{0, '\n' - 1, '\n' + 1, unicode.MaxRune}}, nil
	case '^':
		p.rest = p.rest[1:]
		if p.flags.multiLine {
			return &node{kind: nAssert, assert: beginLine}, nil
		}
		return &node{kind: nAssert, assert: beginText}, nil
	case '$':
		p.rest = p.rest[1:]
		if p.flags.multiLine {
			return &node{kind: nAssert, assert: endLine}, nil
		}
		return &node{kind: nAssert, assert: endText}, nil
	case '\\':
		return p.escapeAtom()
	}
	r, w := utf8.DecodeRuneInString(p.rest)
	if r == utf8.RuneError && w == 1 {
		return nil, p.errorf("invalid UTF-8: `%s`", p.rest)
	}
	p.rest = p.rest[w:]
	return p.literal(r), nil
}

// literal is a node matching r (and the runes it folds to under (?i)).
func (p *parser) literal(r rune) *node {
	return &node{kind: nClass, ranges: p.foldRanges([]rune{r, r})}
}

// group parses (re), (?:re), (?P<name>re), (?<name>re), (?flags) and (?flags:re).
func (p *parser) group() (*node, error) {
	open := p.rest
	p.rest = p.rest[1:]
	saved := p.flags
	if strings.HasPrefix(p.rest, "?") {
		s := p.rest[1:]
		switch {
		case strings.HasPrefix(s, "P<") || strings.HasPrefix(s, "<"):
			s = s[strings.IndexByte(s, '<')+1:]
			end := strings.IndexByte(s, '>')
			if end < 0 {
				return nil, p.errorf("invalid named capture: `%s`", open)
			}
			name := s[:end]
			if !validGroupName(name) {
				return nil, p.errorf("invalid named capture: `%s`", open[:len(open)-len(s)+end+1])
			}
			p.rest = s[end+1:]
		default:
			f, rest, err := parseFlags(s, p.flags, open)
			if err != nil {
				return nil, err
			}
			p.flags = f
			if rest[0] == ')' { // (?flags): for the rest of the enclosing group
				p.rest = rest[1:]
				return nil, nil
			}
			p.rest = rest[1:] // ':'
		}
	}
	p.depth++
	if p.depth > 1000 {
		return nil, p.errorf("expression nests too deeply")
	}
	n, err := p.alternation()
	p.depth--
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(p.rest, ")") {
		return nil, p.errorf("missing closing ): `%s`", p.src)
	}
	p.rest = p.rest[1:]
	p.flags = saved
	return n, nil
}

func validGroupName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c != '_' && !isAlnum(rune(c)) {
			return false
		}
	}
	return true
}

func isAlnum(r rune) bool {
	return '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
}

// parseFlags parses the flags of (?flags) or (?flags:re) after "(?"; rest starts at the ')'
// or ':' that ends them. As for package regexp, "-" negates the flags after it and must be
// followed by one.
func parseFlags(s string, f flags, open string) (flags, string, error) {
	negate, sawFlag := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case 'i':
			f.fold, sawFlag = !negate, true
		case 'm':
			f.multiLine, sawFlag = !negate, true
		case 's':
			f.dotNL, sawFlag = !negate, true
		case 'U':
			sawFlag = true
		case '-':
			if negate {
				return f, "", perlError(open, s, i)
			}
			negate, sawFlag = true, false
		case ':', ')':
			if negate && !sawFlag {
				return f, "", perlError(open, s, i)
			}
			return f, s[i:], nil
		default:
			return f, "", perlError(open, s, i)
		}
	}
	return f, "", perlError(open, s, len(s)-1)
}

// perlError reports the group syntax of open up to s[i].
func perlError(open, s string, i int) error {
	end := min(len(open)-len(s)+i+1, len(open))
	return fmt.Errorf("invalid or unsupported Perl syntax: `%s`", open[:end])
}

// class parses a bracketed character class.
func (p *parser) class() (*node, error) {
	open := p.rest
	p.rest = p.rest[1:]
	negated := false
	if strings.HasPrefix(p.rest, "^") {
		negated = true
		p.rest = p.rest[1:]
	}
	var ranges []rune
	first := true
	for first || !strings.HasPrefix(p.rest, "]") {
		if p.rest == "" {
			return nil, p.errorf("missing closing ]: `%s`", open)
		}
		// A leading ']' is a literal; so is '-' where it makes no range.
		first = false
		if strings.HasPrefix(p.rest, "[:") {
			if r, ok, err := p.posixClass(); err != nil {
				return nil, err
			} else if ok {
				ranges = append(ranges, r...)
				continue
			}
		}
		if strings.HasPrefix(p.rest, `\`) && len(p.rest) > 1 && strings.ContainsRune("dDsSwWpP", rune(p.rest[1])) {
			r, err := p.perlClass()
			if err != nil {
				return nil, err
			}
			ranges = append(ranges, r...)
			continue
		}
		start := p.rest
		lo, err := p.classRune()
		if err != nil {
			return nil, err
		}
		hi := lo
		if strings.HasPrefix(p.rest, "-") && !strings.HasPrefix(p.rest, "-]") {
			p.rest = p.rest[1:]
			if hi, err = p.classRune(); err != nil {
				return nil, err
			}
			if hi < lo {
				return nil, p.errorf("invalid character class range: `%s`", start[:len(start)-len(p.rest)])
			}
		}
		ranges = append(ranges, p.foldRanges([]rune{lo, hi})...)
	}
	p.rest = p.rest[1:]
	ranges = normalize(ranges)
	if negated {
		ranges = negate(ranges)
	}
	return &node{kind: nClass, ranges: ranges}, nil
}

// classRune parses one rune of a class: a literal or an escape.
func (p *parser) classRune() (rune, error) {
	if strings.HasPrefix(p.rest, `\`) {
		return p.escapeRune()
	}
	r, w := utf8.DecodeRuneInString(p.rest)
	if r == utf8.RuneError && w == 1 {
		return 0, p.errorf("invalid UTF-8: `%s`", p.rest)
	}
	p.rest = p.rest[w:]
	return r, nil
}

// posixRanges are the ASCII classes of [[:name:]], as package regexp defines them (a
// switch rather than a map: a map would be built when every wgslc process starts).
func posixRanges(name string) []rune {
	switch name {
	case "alnum":
		return []rune{'0', '9', 'A', 'Z', 'a', 'z'}
	case "alpha":
		return []rune{'A', 'Z', 'a', 'z'}
	case "ascii":
		return []rune{0, 0x7f}
	case "blank":
		return []rune{'\t', '\t', ' ', ' '}
	case "cntrl":
		return []rune{0, 0x1f, 0x7f, 0x7f}
	case "digit":
		return []rune{'0', '9'}
	case "graph":
		return []rune{'!', '~'}
	case "lower":
		return []rune{'a', 'z'}
	case "print":
		return []rune{' ', '~'}
	case "punct":
		return []rune{'!', '/', ':', '@', '[', '`', '{', '~'}
	case "space":
		return []rune{'\t', '\r', ' ', ' '}
	case "upper":
		return []rune{'A', 'Z'}
	case "word":
		return []rune{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'}
	case "xdigit":
		return []rune{'0', '9', 'A', 'F', 'a', 'f'}
	}
	return nil
}

// posixClass parses [:name:] or [:^name:]; ok is false when the text is not one (a '['
// then).
func (p *parser) posixClass() ([]rune, bool, error) {
	end := strings.Index(p.rest[2:], ":]")
	if end < 0 {
		return nil, false, nil
	}
	name := p.rest[2 : 2+end]
	neg := strings.HasPrefix(name, "^")
	r := posixRanges(strings.TrimPrefix(name, "^"))
	if r == nil {
		return nil, false, p.errorf("invalid character class range: `%s`", p.rest[:4+end])
	}
	p.rest = p.rest[4+end:]
	return p.namedClass(r, neg), true, nil
}

// perlRanges are the Perl classes \d, \s and \w, ASCII as in package regexp (\s, unlike
// [:space:], leaves out \v).
func perlRanges(c byte) []rune {
	switch c {
	case 'd':
		return posixRanges("digit")
	case 's':
		return []rune{'\t', '\n', '\f', '\r', ' ', ' '}
	}
	return posixRanges("word")
}

// perlClass parses \d, \s, \w and their negations; \p and \P are not supported.
func (p *parser) perlClass() ([]rune, error) {
	c := p.rest[1]
	if c == 'p' || c == 'P' {
		return nil, p.errorf("Unicode classes (%s) are not supported by wgslc's -run patterns", p.rest[:min(len(p.rest), 2)])
	}
	p.rest = p.rest[2:]
	return p.namedClass(perlRanges(c|0x20), c < 'a'), nil
}

// namedClass is a named class, or its complement with neg: as for package regexp, (?i) folds
// the class before it is negated (so that (?i)\W does not match k, which the Kelvin sign
// K folds to).
func (p *parser) namedClass(class []rune, neg bool) []rune {
	class = p.foldRanges(class)
	if neg {
		return negate(class)
	}
	return class
}

// escapeAtom parses an escape outside a class: a class, an assertion, \Q...\E or a rune.
func (p *parser) escapeAtom() (*node, error) {
	if len(p.rest) < 2 {
		return nil, p.errorf("trailing backslash at end of expression: ``")
	}
	switch c := p.rest[1]; c {
	case 'd', 'D', 's', 'S', 'w', 'W', 'p', 'P':
		r, err := p.perlClass()
		if err != nil {
			return nil, err
		}
		return &node{kind: nClass, ranges: r}, nil
	case 'A', 'z', 'b', 'B':
		p.rest = p.rest[2:]
		a := [...]assertion{beginText, endText, wordBoundary, noWordBoundary}[strings.IndexByte("AzbB", c)]
		return &node{kind: nAssert, assert: a}, nil
	case 'Q':
		lit := p.rest[2:]
		if i := strings.Index(lit, `\E`); i >= 0 {
			p.rest = lit[i+2:]
			lit = lit[:i]
		} else {
			p.rest = ""
		}
		var items []*node
		for _, r := range lit {
			items = append(items, p.literal(r))
		}
		if len(items) == 0 {
			return nil, nil // nothing to repeat, as for a flag group
		}
		return &node{kind: nConcat, quoted: true, subs: items}, nil
	case 'C':
		return nil, p.errorf(`\C is not supported by wgslc's -run patterns`)
	}
	r, err := p.escapeRune()
	if err != nil {
		return nil, err
	}
	return p.literal(r), nil
}

// escapeRune parses an escape that stands for one rune.
func (p *parser) escapeRune() (rune, error) {
	s := p.rest[1:]
	if s == "" {
		return 0, p.errorf("trailing backslash at end of expression: ``")
	}
	c, w := utf8.DecodeRuneInString(s)
	bad := func() (rune, error) {
		return 0, p.errorf("invalid escape sequence: `%s`", p.rest[:1+w])
	}
	switch i := strings.IndexRune("aftnrv", c); {
	case i >= 0:
		c = rune("\a\f\t\n\r\v"[i])
	case '1' <= c && c <= '7' && len(s) > 1 && '0' <= s[1] && s[1] <= '7', c == '0':
		// Octal, up to three digits (\1 to \7 alone would be backreferences: invalid).
		v, n := rune(0), 0
		for n < 3 && n < len(s) && '0' <= s[n] && s[n] <= '7' {
			v = v*8 + rune(s[n]-'0')
			n++
		}
		p.rest = s[n:]
		return v, nil
	case c == 'x':
		return p.hexEscape(s[1:])
	case c < utf8.RuneSelf && !isAlnum(c):
		// Escaped punctuation (and '_') stands for itself.
	default:
		return bad()
	}
	p.rest = s[w:]
	return c, nil
}

// hexEscape parses the digits after \x: two, or any number in braces.
func (p *parser) hexEscape(s string) (rune, error) {
	start := p.rest
	fail := func(n int) (rune, error) {
		return 0, p.errorf("invalid escape sequence: `%s`", start[:min(len(start), n)])
	}
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return fail(len(start))
		}
		digits := s[1:end]
		v, ok := hexValue(digits)
		if !ok || digits == "" || v > unicode.MaxRune {
			return fail(len(start) - len(s) + end + 1)
		}
		p.rest = s[end+1:]
		return rune(v), nil
	}
	if len(s) < 2 {
		return fail(len(start))
	}
	v, ok := hexValue(s[:2])
	if !ok {
		return fail(4)
	}
	p.rest = s[2:]
	return rune(v), nil
}

func hexValue(s string) (int64, bool) {
	var v int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			v = v*16 + int64(c-'0')
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			v = v*16 + int64(c|0x20-'a') + 10
		default:
			return 0, false
		}
		if v > unicode.MaxRune {
			return v, true
		}
	}
	return v, true
}

// foldRanges adds, under (?i), the runes each rune of ranges folds to; it returns the
// ranges sorted and merged.
func (p *parser) foldRanges(ranges []rune) []rune {
	if p.flags.fold {
		out := slices.Clone(ranges)
		for i := 0; i < len(ranges); i += 2 {
			// No rune above this one folds to another.
			for r := ranges[i]; r <= min(ranges[i+1], 0x1e943); r++ {
				for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
					out = append(out, f, f)
				}
			}
		}
		ranges = out
	}
	return normalize(ranges)
}

// normalize sorts ranges and merges those that overlap or touch.
func normalize(ranges []rune) []rune {
	type pair struct{ lo, hi rune }
	ps := make([]pair, 0, len(ranges)/2)
	for i := 0; i < len(ranges); i += 2 {
		ps = append(ps, pair{ranges[i], ranges[i+1]})
	}
	slices.SortFunc(ps, func(a, b pair) int { return int(a.lo - b.lo) })
	out := ranges[:0:0]
	for _, q := range ps {
		if n := len(out); n > 0 && q.lo <= out[n-1]+1 {
			out[n-1] = max(out[n-1], q.hi)
			continue
		}
		out = append(out, q.lo, q.hi)
	}
	return out
}

// negate returns the complement of ranges among all runes.
func negate(ranges []rune) []rune {
	ranges = normalize(slices.Clone(ranges))
	var out []rune
	next := rune(0)
	for i := 0; i < len(ranges); i += 2 {
		if ranges[i] > next {
			out = append(out, next, ranges[i]-1)
		}
		next = ranges[i+1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, next, unicode.MaxRune)
	}
	return out
}

// ---- the automaton ----

// compiler builds the automaton; a fragment has an entry and the holes that lead out of it
// (each an instruction index, its next (even) or alt (odd) field).
type compiler struct {
	prog []inst
}

type fragment struct {
	in  int
	out []int
}

func (c *compiler) add(in inst) int {
	c.prog = append(c.prog, in)
	return len(c.prog) - 1
}

func (c *compiler) patch(holes []int, to int) {
	for _, h := range holes {
		if h%2 == 0 {
			c.prog[h/2].next = to
		} else {
			c.prog[h/2].alt = to
		}
	}
}

func (c *compiler) emit(n *node) fragment {
	if len(c.prog) > maxInsts { // stop building: Compile reports it
		i := c.add(inst{kind: iJmp})
		return fragment{i, []int{2 * i}}
	}
	switch n.kind {
	case nClass:
		i := c.add(inst{kind: iRune, ranges: n.ranges})
		return fragment{i, []int{2 * i}}
	case nAssert:
		i := c.add(inst{kind: iAssert, assert: n.assert})
		return fragment{i, []int{2 * i}}
	case nConcat:
		f := c.emit(n.subs[0])
		for _, s := range n.subs[1:] {
			g := c.emit(s)
			c.patch(f.out, g.in)
			f.out = g.out
		}
		return f
	case nAlt:
		f := c.emit(n.subs[0])
		for _, s := range n.subs[1:] {
			g := c.emit(s)
			i := c.add(inst{kind: iSplit, next: f.in, alt: g.in})
			f = fragment{i, append(f.out, g.out...)}
		}
		return f
	case nRepeat:
		return c.repeat(n.subs[0], n.min, n.max)
	}
	i := c.add(inst{kind: iJmp})
	return fragment{i, []int{2 * i}}
}

// repeat emits min copies of n, then max-min optional ones (or a loop when max is -1).
func (c *compiler) repeat(n *node, lo, hi int) fragment {
	var f fragment
	have := false
	join := func(g fragment) {
		if !have {
			f, have = g, true
			return
		}
		c.patch(f.out, g.in)
		f.out = g.out
	}
	for range lo {
		join(c.emit(n))
	}
	if hi < 0 {
		// A loop: split to the body or out; the body returns to the split.
		s := c.add(inst{kind: iSplit})
		body := c.emit(n)
		c.prog[s].next = body.in
		c.patch(body.out, s)
		join(fragment{s, []int{2*s + 1}})
		return f
	}
	// Nested options: (n(n(n)?)?)?
	var holes []int
	first := -1
	prev := -1
	for range hi - lo {
		s := c.add(inst{kind: iSplit})
		body := c.emit(n)
		c.prog[s].next = body.in
		holes = append(holes, 2*s+1)
		if prev >= 0 {
			c.patch([]int{prev}, s)
		} else {
			first = s
		}
		if len(body.out) == 1 {
			prev = body.out[0]
		} else {
			j := c.add(inst{kind: iJmp})
			c.patch(body.out, j)
			prev = 2 * j
		}
	}
	if first >= 0 {
		join(fragment{first, append(holes, prev)})
	}
	if !have {
		i := c.add(inst{kind: iJmp})
		return fragment{i, []int{2 * i}}
	}
	return f
}
