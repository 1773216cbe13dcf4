package validate

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/protocheck/protocheck/validate/internal/conform"
)

// An Input is one transcript to check.
type Input struct {
	// Name names the input in findings ("-" for standard input).
	Name string
	// Open opens it. Gzip data is detected and decompressed.
	Open func() (io.ReadCloser, error)
}

// Summary counts what a run saw.
type Summary struct {
	// Files counts the inputs read, Lines their lines (blank ones too).
	Files int `json:"files"`
	Lines int `json:"lines"`
	// Blank counts the empty or white-space lines, which are skipped.
	Blank int `json:"blank"`
	// Variants counts the lines of each variant.
	Variants map[string]int `json:"variants"`
	// Errors, Warnings and Infos count the findings by severity.
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
	// UnknownProperties counts members the protocol does not define.
	UnknownProperties int `json:"unknown_properties"`
	// FullChecks counts the lines the fast path handed to the full
	// validator (invalid lines, mostly).
	FullChecks int `json:"full_checks"`
	// Omitted counts the findings counted above but not reported, past
	// Options.MaxFindingsPerLine or Options.MaxFindings.
	Omitted int `json:"omitted_findings,omitempty"`
	// IOErrors counts the inputs that could not be opened or read.
	IOErrors int `json:"io_errors"`
	// InternalErrors counts the lines protocheck failed to check because of
	// a bug of its own (RuleInternal findings).
	InternalErrors int `json:"internal_errors"`
	// CLIVersions lists the claude_code_version values of system/init lines.
	CLIVersions []string `json:"cli_versions,omitempty"`
	// FileSets says, for each input with lines, which schema set checked
	// it (when the schemas have version sets).
	FileSets []FileSet `json:"file_sets,omitempty"`
	// Notes are what the run has to say beyond findings: today, one note
	// naming the CLI versions off the release ladder it met.
	Notes []string `json:"notes,omitempty"`
	// CrossLine says how the cross-line rules ran; nil when they were off.
	CrossLine *CrossLineSummary `json:"cross_line,omitempty"`
	// Elapsed is the wall time of the run.
	Elapsed time.Duration `json:"elapsed_ns"`
}

// Failed reports whether the run found errors, or warnings when failOn is
// Warning.
func (s *Summary) Failed(failOn Severity) bool {
	return s.Errors > 0 || (failOn <= Warning && s.Warnings > 0) || (failOn <= Info && s.Infos > 0)
}

// Tunables of the pipeline.
const (
	batchLines = 256
	batchBytes = 1 << 20
	readBuffer = 1 << 20
)

// batch is a run of lines of one input, checked by one worker, or the
// marker of an input's end.
type batch struct {
	file    string
	data    []byte // the lines' bytes, one after the other
	spans   []span
	results []lineResult
	// facts are the lines' facts for the cross-line rules, when they run.
	facts []conform.Facts
	// duplex says the input is a duplex transcript (see duplex.go).
	duplex bool
	// end marks the end of an input and carries what the reader learned.
	end   bool
	stats fileStats
	final *Finding     // a finding about the input as a whole, or nil
	pick  *versionPick // the input's schema set, when the schemas have sets
	done  chan struct{}
	// v checks the batch's lines: the validator of the input's schema
	// set, or nil for the run's own.
	v *Validator
	// fv is what the input's version means beyond its set (nil: nothing).
	fv *fileVersion
	// cliVersion is the input's CLI version, "" when none is known.
	cliVersion string
	// weight is what the batch holds of the long lines' budget (gate).
	weight int
}

// span is one line of a batch: its bytes in data, or a finding the reader
// made instead (a line too long to keep).
type span struct {
	start, end int
	line       int
	pre        *Finding
	// Of a duplex transcript's line: its direction, and where its message
	// starts in the line (columns of findings are counted in the line).
	dir conform.Dir
	off int
}

type fileStats struct {
	lines, blank int
	ioErr        bool
	skipped      bool // not read: not a regular file
}

// Stream checks one transcript read from r and calls emit with each finding,
// in input order. It returns the run's summary; the error reports a failure
// of the run itself (the context ended), not findings.
func (v *Validator) Stream(ctx context.Context, name string, r io.Reader, emit func(Finding)) (Summary, error) {
	return v.Run(ctx, []Input{{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(r), nil }}}, emit)
}

// Run checks the inputs one after the other, with Options.Jobs lines in
// flight at once, and calls emit with each finding in input order. Memory
// stays bounded whatever the size of the inputs. An input that cannot be
// opened or read is reported as an input/io-error finding and counted in
// Summary.IOErrors; the others are still checked.
func (v *Validator) Run(ctx context.Context, inputs []Input, emit func(Finding)) (Summary, error) {
	return v.RunEach(ctx, inputs, emit, nil)
}

// A LineResult is what checking one line found: its variant and findings.
type LineResult struct {
	// File and Line locate the line.
	File string
	Line int
	// Variant names the line's variant, or is "" when none applies.
	Variant string
	// UnknownKind is, for a line whose type or subtype no variant has,
	// "type" or "type/subtype" as the line gives them.
	UnknownKind string
	// Findings are the line's own findings (not those that need other
	// lines, such as direction/wrong-side). The slice is reused once the
	// callback returns: copy what must be kept.
	Findings []Finding
	// Unknown counts the members the schemas do not define.
	Unknown int
	// Text is the line, without its newline; like Findings, it is valid
	// only until the callback returns.
	Text []byte
	// Reused is set when Options.Memoize gave the line the findings of an
	// earlier line of the same shape: their messages may quote that line's
	// values. Check gives the line's own.
	Reused bool
}

// RunEach is Run, and also calls each, when not nil, with the result of
// every non-blank line, in input order, on the goroutine that called
// RunEach. A caller that needs more than the findings (the variant of every
// line, as corpus run does) uses it.
func (v *Validator) RunEach(ctx context.Context, inputs []Input, emit func(Finding), each func(LineResult)) (Summary, error) {
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := v.opts.Jobs
	work := make(chan *batch, jobs)
	order := make(chan *batch, 2*jobs)
	long := newGate(longBudget)

	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s scanner
			for b := range work {
				bv := b.v
				if bv == nil {
					bv = v
				}
				bv.checkBatch(&s, b)
				if b.weight > 0 {
					// A long line grew the scanner's buffers: let them go,
					// or each worker would keep its own (gate).
					s = scanner{}
				}
				close(b.done)
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(work)
		for _, in := range inputs {
			if !v.readInput(ctx, in, work, order, long) {
				return
			}
		}
	}()

	sum := Summary{Variants: map[string]int{}}
	col := newCollector(v, &sum, emit)
	col.each = each
	for {
		var b *batch
		select {
		case b = <-order:
		case <-ctx.Done():
			// Return at once: the reader may be blocked on input, and
			// ends at its next line; the workers end when it does.
			sum.Elapsed = time.Since(start)
			return sum, ctx.Err()
		}
		if b == nil {
			break // order is closed: every input was read
		}
		select {
		case <-b.done:
		case <-ctx.Done():
			sum.Elapsed = time.Since(start)
			return sum, ctx.Err()
		}
		col.batch(b)
		long.release(b.weight)
		if !b.end {
			b.release()
		}
		if v.opts.Idle != nil && len(order) == 0 {
			v.opts.Idle()
		}
	}
	wg.Wait()
	if n := ladderNote(v.index, col.offLadder); n != "" {
		sum.Notes = append(sum.Notes, n)
	}
	sum.Elapsed = time.Since(start)
	return sum, ctx.Err()
}

// readInput splits one input into batches. It returns false when the
// context ended.
func (v *Validator) readInput(ctx context.Context, in Input, work, order chan<- *batch, long *gate) bool {
	ir := &inputReader{v: v, ctx: ctx, in: in, work: work, order: order, long: long}
	return ir.read()
}

// An inputReader splits one input into batches: it reads its lines, sends
// each batch to the workers and to the collector in order, and, with
// version sets, holds the first batches until the input's set is known.
type inputReader struct {
	v           *Validator
	ctx         context.Context
	in          Input
	work, order chan<- *batch
	long        *gate

	stats   fileStats
	tallied int // the lines of stats added to the progress

	// With version sets, an input's batches are held until its first
	// system/init line decides its set, or until the input ends, pauses
	// (a live pipe waiting for its writer) or has given holdLines lines or
	// holdBytes bytes without one: then the set that fits the lines held
	// checks it (RuleVersionNoInit). An init that names no version (the
	// 1.0.x line) holds them on, up to fitLines lines or fitBytes bytes,
	// for the set of that line that fits them best.
	pick                 *versionPick
	held                 []*batch
	heldLines, heldBytes int
	shape                []byte // an init that names no version
	shapeLine            int

	cur             *batch // the batch being filled
	decided, duplex bool   // whether the input is a duplex transcript, once decided
	// idle is set when the input has nothing more ready: a live pipe
	// waits for its writer, and a held input decides its set then.
	idle bool
}

// read reads the whole input.
func (ir *inputReader) read() bool {
	br, closeInput, f := ir.open()
	if br == nil {
		return ir.finish(f)
	}
	defer closeInput()
	ir.cur = newBatch(ir.in.Name)
	lr := lineReader{r: br, max: ir.v.opts.MaxLineBytes}
	for n := 1; ; n++ {
		if ir.ctx.Err() != nil {
			return false
		}
		line, size, err := lr.next()
		if err == io.EOF && size == 0 {
			break
		}
		if err != nil && err != io.EOF {
			// A read that failed (or a bound of inflation) leaves the
			// line cut short: it is not checked, and the error is the
			// one finding.
			return ir.ioError(n, err)
		}
		ir.stats.lines++
		ir.addLine(n, line, size)
		// A batch ends at its size, or where the input has nothing more
		// ready: on a live pipe, a line is checked (and its findings
		// shown) before the next one arrives; a file, read a megabyte at
		// a time, almost never stops there.
		ir.idle = err == nil && br.Buffered() == 0
		if len(ir.cur.spans) >= batchLines || len(ir.cur.data) >= batchBytes || ir.idle {
			if !ir.flush() {
				return false
			}
		}
		if err == io.EOF {
			break
		}
	}
	if !ir.flush() {
		return false
	}
	return ir.finish(ir.emptyFinding())
}

// open opens the input, counting its bytes in the progress. When it
// cannot be read, it returns a nil reader and the input's one finding.
func (ir *inputReader) open() (*bufio.Reader, func(), *Finding) {
	in := ir.in
	if p := ir.v.opts.Progress; p != nil {
		p.Files.Add(1)
		open := in.Open
		in.Open = func() (io.ReadCloser, error) {
			rc, err := open()
			if err != nil {
				return nil, err
			}
			return countingReader{rc, &p.Bytes}, nil
		}
	}
	br, closeInput, err := openInput(in)
	var nr *NotRegularError
	var nt *NotTranscriptError
	switch {
	case errors.As(err, &nr):
		ir.stats.skipped = true
		return nil, nil, &Finding{File: in.Name, Rule: RuleNotRegular.ID, Severity: RuleNotRegular.Severity, Message: nr.Error()}
	case errors.As(err, &nt):
		ir.stats.skipped = true
		return nil, nil, &Finding{File: in.Name, Line: 1, Rule: RuleNotTranscript.ID, Severity: RuleNotTranscript.Severity, Message: nt.Error()}
	case err != nil:
		ir.stats.ioErr = true
		return nil, nil, ioFinding(in.Name, 0, err)
	}
	return br, closeInput, nil
}

// addLine adds line n, of size bytes as read, to the batch: as a finding
// when it is too long, not at all when it is blank.
func (ir *inputReader) addLine(n int, line []byte, size int) {
	cur, name := ir.cur, ir.in.Name
	if max := ir.v.opts.MaxLineBytes; size > max {
		cur.spans = append(cur.spans, span{line: n, pre: &Finding{File: name, Line: n, Rule: RuleLineTooLong.ID,
			Severity: RuleLineTooLong.Severity,
			Message:  fmt.Sprintf("the line has %d bytes, more than the %d allowed (--max-line-bytes); not checked", size, max)}})
		return
	}
	line = lineContent(line, n)
	if len(bytes.TrimSpace(line)) == 0 {
		ir.stats.blank++
		return
	}
	if !ir.decided {
		ir.decided, ir.duplex = true, IsDuplex(line)
	}
	start := len(cur.data)
	cur.data = append(cur.data, line...)
	sp := span{start: start, end: len(cur.data), line: n}
	if ir.duplex {
		e := unwrap(name, n, line)
		sp.dir, sp.pre = e.dir, e.pre
		sp.start, sp.end, sp.off = start+e.start, start+e.end, e.start
	}
	cur.spans = append(cur.spans, sp)
}

// ioError ends the input at a read that failed on line n.
func (ir *inputReader) ioError(n int, err error) bool {
	ir.stats.ioErr = true
	ir.flush()
	return ir.finish(ioFinding(ir.in.Name, n, err))
}

// emptyFinding is the finding of an input without lines, or with only
// blank ones; nil for any other.
func (ir *inputReader) emptyFinding() *Finding {
	lines := ir.stats.lines
	switch {
	case lines == 0:
		return &Finding{File: ir.in.Name, Rule: RuleEmpty.ID, Severity: RuleEmpty.Severity, Message: "the input is empty"}
	case ir.stats.blank == lines:
		return &Finding{File: ir.in.Name, Rule: RuleEmpty.ID, Severity: RuleEmpty.Severity,
			Message: fmt.Sprintf("the input has %d %s, all blank: no message to check", lines, plural(lines, "line", "lines"))}
	}
	return nil
}

// send hands a batch to the workers (unless it ends the input) and to the
// collector, in order.
func (ir *inputReader) send(b *batch) bool {
	b.done = make(chan struct{})
	if b.end {
		close(b.done)
	} else {
		if b.weight = longWeight(b); b.weight > 0 && !ir.long.acquire(ir.ctx, b.weight) {
			return false
		}
		select {
		case ir.work <- b:
		case <-ir.ctx.Done():
			return false
		}
	}
	select {
	case ir.order <- b:
		return true
	case <-ir.ctx.Done():
		return false
	}
}

// tally adds the lines read since its last call to the progress, if any:
// once per batch, not per line.
func (ir *inputReader) tally() {
	if p := ir.v.opts.Progress; p != nil {
		p.Lines.Add(int64(ir.stats.lines - ir.tallied))
		ir.tallied = ir.stats.lines
	}
}

// heldText returns the lines held, up to fitLines lines and fitBytes
// bytes, for the set of the 1.0.x line that fits them best.
func (ir *inputReader) heldText() [][]byte {
	var out [][]byte
	size := 0
	for _, b := range ir.held {
		for _, sp := range b.spans {
			if sp.pre != nil {
				continue
			}
			if len(out) >= fitLines || size+sp.end-sp.start > fitBytes {
				return out
			}
			out = append(out, b.data[sp.start:sp.end:sp.end])
			size += sp.end - sp.start
		}
	}
	return out
}

// release picks the input's set, by its init line (nil: none), and sends
// the batches held with it.
func (ir *inputReader) release(init []byte, line int) bool {
	p := ir.v.sets.pick(ir.in.Name, init, line, ir.heldText)
	ir.pick = &p
	for _, b := range ir.held {
		b.v, b.fv, b.cliVersion = p.v, p.fv, p.set.CLIVersion
		if !ir.send(b) {
			return false
		}
	}
	ir.held = nil
	return true
}

// finish ends the input, with its one finding f (nil: none).
func (ir *inputReader) finish(f *Finding) bool {
	ir.tally()
	if ir.v.sets != nil && ir.pick == nil && len(ir.held) > 0 && !ir.release(ir.shape, ir.shapeLine) {
		return false
	}
	return ir.send(&batch{file: ir.in.Name, end: true, stats: ir.stats, final: f, pick: ir.pick})
}

// flush sends the batch being filled, or holds it until the input's set
// is known.
func (ir *inputReader) flush() bool {
	held := ir.v.sets != nil && ir.pick == nil
	if len(ir.cur.spans) == 0 {
		if held && ir.idle && len(ir.held) > 0 {
			return ir.release(ir.shape, ir.shapeLine)
		}
		return true
	}
	b := ir.cur
	b.duplex = ir.duplex
	ir.cur = newBatch(ir.in.Name)
	ir.tally()
	if held {
		return ir.hold(b)
	}
	if p := ir.pick; p != nil {
		b.v, b.fv, b.cliVersion = p.v, p.fv, p.set.CLIVersion
	}
	return ir.send(b)
}

// hold holds a batch until the input's set is known, and releases the
// batches held once it is, or once enough are held.
func (ir *inputReader) hold(b *batch) bool {
	ir.held = append(ir.held, b)
	ir.heldLines += len(b.spans)
	ir.heldBytes += len(b.data)
	if ir.v.opts.CLIVersion != "" {
		return ir.release(nil, 0)
	}
	for _, sp := range b.spans {
		if line := b.data[sp.start:sp.end]; ir.shape == nil && sp.pre == nil && isInit(line) {
			if _, named := initVersion(line); named {
				return ir.release(line, sp.line)
			}
			ir.shape, ir.shapeLine = line, sp.line
		}
	}
	full := ir.heldLines >= holdLines || ir.heldBytes >= holdBytes
	if ir.shape != nil {
		full = ir.heldLines >= fitLines || ir.heldBytes >= fitBytes
	}
	if full || ir.idle {
		return ir.release(ir.shape, ir.shapeLine)
	}
	return true
}

// openInput opens an input and returns a reader of its bytes, decompressed
// when they are gzip data, and the function that closes it.
func openInput(in Input) (*bufio.Reader, func(), error) {
	rc, err := in.Open()
	if err != nil {
		return nil, nil, err
	}
	raw := &countReader{r: rc}
	br := readerPool.Get().(*bufio.Reader)
	br.Reset(raw)
	if head, _ := br.Peek(2); len(head) == 2 {
		for _, c := range otherCompressions {
			// More than two bytes are asked for only when two match: on a
			// live pipe, a short first line must not wait for more.
			if bytes.HasPrefix(c.magic, head) || bytes.HasPrefix(head, c.magic) {
				if more, _ := br.Peek(len(c.magic)); !bytes.HasPrefix(more, c.magic) {
					continue
				}
				rc.Close()
				putReader(br)
				return nil, nil, fmt.Errorf("%s data, which protocheck does not read (it reads plain or gzip NDJSON); decompress it first: %s FILE | protocheck validate -", c.name, c.cmd)
			}
		}
	}
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			rc.Close()
			putReader(br)
			return nil, nil, fmt.Errorf("gzip: %w", err)
		}
		outer := br
		br = readerPool.Get().(*bufio.Reader)
		br.Reset(&inflateLimit{r: zr, in: raw})
		return br, func() { zr.Close(); rc.Close(); putReader(br); putReader(outer) }, nil
	}
	return br, func() { rc.Close(); putReader(br) }, nil
}

// Bounds of decompression: gzip data may inflate to at most MaxInflation
// times its size, plus inflationSlack. Real transcripts inflate 5 to 30
// times; a decompression bomb (1 MB of gzip making 1 GB of lines) is
// stopped with one finding rather than read for minutes.
const (
	MaxInflation   = 100
	inflationSlack = 64 << 20
)

// An InflationError stops a gzip input that inflates past the bound.
type InflationError struct {
	In, Out int64 // compressed bytes read, decompressed bytes made
}

func (e *InflationError) Error() string {
	return fmt.Sprintf("gzip data inflates past %d times its size (%d bytes made of %d read): stopped, as a decompression bomb would be; decompress it yourself to check it whole (zcat FILE | protocheck validate -)", MaxInflation, e.Out, e.In)
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// inflateLimit ends a decompressed stream with an InflationError once it
// outgrows the compressed bytes read by more than MaxInflation.
type inflateLimit struct {
	r   io.Reader
	in  *countReader
	out int64
}

func (l *inflateLimit) Read(p []byte) (int, error) {
	if l.out > l.in.n*MaxInflation+inflationSlack {
		return 0, &InflationError{In: l.in.n, Out: l.out}
	}
	n, err := l.r.Read(p)
	l.out += int64(n)
	return n, err
}

// readerPool recycles the read buffers of inputs: a buffer of readBuffer
// bytes made for every input cost 100,000 small files most of their time
// (clearing it, then collecting it), and grew the per-file cost with the
// number of files.
var readerPool = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, readBuffer) }}

// putReader returns a reader to the pool, holding nothing of its input.
func putReader(br *bufio.Reader) {
	br.Reset(nil)
	readerPool.Put(br)
}

// otherCompressions are the compressed and archive formats recognised by
// their first bytes: such an input is one finding that says how to
// decompress it, rather than a finding per line of binary noise. None of
// these starts a line of JSON text.
var otherCompressions = []struct {
	name  string
	magic []byte
	cmd   string
}{
	{"zstd", []byte{0x28, 0xb5, 0x2f, 0xfd}, "zstd -dc"},
	{"xz", []byte{0xfd, '7', 'z', 'X', 'Z', 0}, "xz -dc"},
	{"bzip2", []byte("BZh"), "bzip2 -dc"},
	{"lz4", []byte{0x04, 0x22, 0x4d, 0x18}, "lz4 -dc"},
	{"zip", []byte("PK\x03\x04"), "unzip -p"},
	{"7z", []byte{'7', 'z', 0xbc, 0xaf, 0x27, 0x1c}, "7z e -so"},
	{"compress (.Z)", []byte{0x1f, 0x9d}, "uncompress -c"},
}

// lineContent is line n as read, without the \r of a CRLF ending and, on
// line 1, without a UTF-8 byte order mark.
func lineContent(line []byte, n int) []byte {
	line = bytes.TrimSuffix(line, []byte("\r"))
	if n == 1 {
		line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	}
	return line
}

// lineReader returns lines of any length up to max; of a longer line it
// keeps nothing and reports only its size.
type lineReader struct {
	r    *bufio.Reader
	max  int
	long []byte
}

// next returns the next line without its newline, the line's length, and
// io.EOF at the end (possibly with a last line that had no newline). A line
// longer than max comes back nil, with its length.
func (lr *lineReader) next() (line []byte, length int, err error) {
	lr.long = lr.long[:0]
	size := 0
	for {
		frag, err := lr.r.ReadSlice('\n')
		size += len(frag)
		if errors.Is(err, bufio.ErrBufferFull) {
			if size-1 <= lr.max { // not lr.max+1: max may be math.MaxInt
				lr.long = append(lr.long, frag...)
			}
			continue
		}
		length = size
		if err == nil {
			length-- // the newline
		}
		if length > lr.max {
			return nil, length, err
		}
		line = frag
		if len(lr.long) > 0 {
			line = append(lr.long, frag...)
		}
		return line[:length], length, err
	}
}

// batchPool recycles batches, with their buffers, so that a run allocates
// little after its first batches whatever the size of the input.
var batchPool = sync.Pool{New: func() any { return new(batch) }}

func newBatch(file string) *batch {
	b := batchPool.Get().(*batch)
	b.file = file
	return b
}

// release returns a batch the collector is done with to the pool.
func (b *batch) release() {
	if cap(b.data) > 4*batchBytes {
		b.data = nil // a huge line: do not keep its buffer
	}
	*b = batch{data: b.data[:0], spans: b.spans[:0], results: b.results[:0], facts: b.facts[:0]}
	batchPool.Put(b)
}

func ioFinding(file string, line int, err error) *Finding {
	return &Finding{File: file, Line: line, Rule: RuleIOError.ID, Severity: RuleIOError.Severity, Message: err.Error()}
}

// checkBatch checks every line of a batch.
func (v *Validator) checkBatch(s *scanner, b *batch) {
	if cap(b.results) < len(b.spans) {
		b.results = make([]lineResult, len(b.spans))
	}
	b.results = b.results[:len(b.spans)]
	if v.crossLine != nil {
		if cap(b.facts) < len(b.spans) {
			b.facts = append(b.facts[:cap(b.facts)], make([]conform.Facts, len(b.spans)-cap(b.facts))...)
		}
		b.facts = b.facts[:len(b.spans)]
	}
	var key []byte
	for i, sp := range b.spans {
		if sp.pre != nil {
			continue
		}
		line := b.data[sp.start:sp.end:sp.end]
		if v.memo != nil {
			v.checkLineMemo(s, b.file, sp.line, line, &b.results[i], &key)
		} else {
			v.checkLineSafe(s, b.file, sp.line, line, &b.results[i])
		}
		if fv := b.fv; fv != nil {
			v.evidenceFindings(fv, b.file, sp.line, line, &b.results[i])
		}
		if r := &b.results[i]; v.crossLine != nil && (r.variant != nil || r.unknownKind != "") {
			if r.caps != nil {
				b.facts[i].FromCaptures(line, r.caps, sp.dir == conform.Stdin)
			} else {
				b.facts[i].Extract(line)
			}
		}
	}
}

// Check checks one line (without its newline) on its own and returns what
// it found, never reusing another line's findings. It is for re-checking a
// line a run reported, such as a reused one.
func (v *Validator) Check(file string, n int, line []byte) LineResult {
	var s scanner
	var r lineResult
	v.checkLineSafe(&s, file, n, line, &r)
	lr := LineResult{File: file, Line: n, Findings: r.findings, Unknown: r.unknown, Text: line, UnknownKind: r.unknownKind}
	if r.variant != nil {
		lr.Variant = r.variant.name
	}
	return lr
}

// checkLineSafe checks one line like checkLine, and turns a panic into a
// RuleInternal finding on the line: a bug met on one line must not end the
// run and lose the findings of every other line.
func (v *Validator) checkLineSafe(s *scanner, file string, n int, line []byte, r *lineResult) {
	defer func() {
		if p := recover(); p != nil {
			*s = scanner{} // its state is unknown after the panic
			*r = lineResult{findings: append(r.findings[:0], Finding{File: file, Line: n, Rule: RuleInternal.ID,
				Severity: RuleInternal.Severity,
				Message:  fmt.Sprintf("internal error: protocheck failed while checking this line (%v); please report it, with the line", p)})}
		}
	}()
	v.checkLine(s, file, n, line, r)
}

// Long lines are checked a few at a time, whatever -j says: checking a
// line takes memory in proportion to it (a failing line of many small
// values, up to some 40 times its size), so lines of longLine bytes and
// more may hold at most longBudget bytes in flight together, and a longer
// one is checked alone. Lines shorter than longLine run -j at a time as
// ever.
const (
	longLine   = 256 << 10
	longBudget = 4 << 20
)

// longWeight is what a batch takes of the long lines' budget: its longest
// line, when that is a long line (at most the whole budget).
func longWeight(b *batch) int {
	w := 0
	for _, sp := range b.spans {
		w = max(w, sp.end-sp.start)
	}
	if w < longLine {
		return 0
	}
	return min(w, longBudget)
}

// A gate hands out a budget of bytes: acquire waits until enough is free.
type gate struct {
	mu   sync.Mutex
	free int
	wake chan struct{} // closed when bytes are given back
}

func newGate(n int) *gate { return &gate{free: n, wake: make(chan struct{})} }

// acquire takes n bytes, waiting for them; false when ctx ends first.
func (g *gate) acquire(ctx context.Context, n int) bool {
	for {
		g.mu.Lock()
		if g.free >= n {
			g.free -= n
			g.mu.Unlock()
			return true
		}
		wake := g.wake
		g.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return false
		}
	}
}

// release gives back n bytes.
func (g *gate) release(n int) {
	if n == 0 {
		return
	}
	g.mu.Lock()
	g.free += n
	close(g.wake)
	g.wake = make(chan struct{})
	g.mu.Unlock()
}
