package ir

// A Staging collects instructions to insert before others and inserts them all at once. A Builder positioned with SetInsertBefore shifts the rest of the block for
// every instruction it adds, which costs the square of the block's length when a pass adds
// instructions all along a long block (a large entry point's body); a Builder set to a
// Staging (Before) appends to a list of the staging's own, and Place rebuilds each block
// that gets instructions once. The order is the one SetInsertBefore would give.
type Staging struct {
	blk   Block
	marks []stageMark
}

// A stageMark says that the staged instructions from start to end go before in; end is
// the next mark's start, set by Place.
type stageMark struct {
	in         *Inst
	start, end int
}

// Staging returns the module's staging, empty: a pass stages with it and places what it
// staged before it returns, so that the next pass finds it empty too.
func (m *Module) Staging() *Staging { return &m.staging }

// Before makes b add instructions to s, to be placed before in (which must be in a block of
// a function, and stay there until Place), with in's source position and span; b adds them
// there until it is moved. They must not include a terminator.
func (s *Staging) Before(b *Builder, in *Inst) {
	s.blk.Func = in.Block.Func
	b.SetBlock(&s.blk)
	b.src, b.span = in.Pos, in.Span()
	s.marks = append(s.marks, stageMark{in: in, start: len(s.blk.Insts)})
}

// Place inserts the staged instructions before their instructions and empties s.
func (s *Staging) Place() {
	if len(s.blk.Insts) == 0 {
		clear(s.marks)
		s.marks = s.marks[:0]
		return
	}
	// Most often every instruction is in one block, the function body: else the marks are
	// grouped by block, keeping their order.
	marks := s.marks
	one := true
	for k := range marks {
		marks[k].end = len(s.blk.Insts)
		if k+1 < len(marks) {
			marks[k].end = marks[k+1].start
		}
		one = one && marks[k].in.Block == marks[0].in.Block
	}
	if one {
		s.place(marks[0].in.Block, marks)
	} else {
		index := map[*Block]int{}
		var blocks []*Block
		var count []int
		for _, mk := range marks {
			k, ok := index[mk.in.Block]
			if !ok {
				k = len(blocks)
				index[mk.in.Block] = k
				blocks, count = append(blocks, mk.in.Block), append(count, 0)
			}
			count[k]++
		}
		start := make([]int, len(blocks)+1)
		for k, n := range count {
			start[k+1] = start[k] + n
		}
		grouped := make([]stageMark, len(marks))
		next := append([]int(nil), start[:len(blocks)]...)
		for _, mk := range marks {
			k := index[mk.in.Block]
			grouped[next[k]] = mk
			next[k]++
		}
		for k, blk := range blocks {
			s.place(blk, grouped[start[k]:start[k+1]])
		}
	}
	clear(s.blk.Insts)
	s.blk.Insts = s.blk.Insts[:0]
	clear(s.marks)
	s.marks = s.marks[:0]
}

// place inserts into blk the runs of its marks, which are in the order of its instructions.
// The block is filled from its end, in place when its list has room.
func (s *Staging) place(blk *Block, marks []stageMark) {
	extra := 0
	for _, mk := range marks {
		extra += mk.end - mk.start
	}
	old := len(blk.Insts)
	insts := blk.Insts
	if cap(insts) < old+extra {
		insts = append(s.blk.Func.module.instList(old+extra), blk.Insts...)
	}
	insts = insts[:old+extra]
	w, k := len(insts), len(marks)-1
	for i := old - 1; i >= 0; i-- {
		in := insts[i]
		w--
		insts[w] = in
		for ; k >= 0 && marks[k].in == in; k-- {
			for x := marks[k].end - 1; x >= marks[k].start; x-- {
				w--
				insts[w] = s.blk.Insts[x]
				insts[w].Block = blk
			}
		}
	}
	if k >= 0 {
		panic("ir: Staging: instructions staged out of the order of their block")
	}
	blk.Insts = insts
}
