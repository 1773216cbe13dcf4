package matrix

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// Formats lists the output forms of a Matrix: text (a compact matrix for
// the terminal), markdown (for a pull-request comment or
// $GITHUB_STEP_SUMMARY), json (the Matrix itself, stable within its
// report_version) and html (one self-contained page that sorts and filters
// the matrix and shows a cell's evidence when it is chosen).
var Formats = []report.Format{report.Text, report.Markdown, report.JSON, report.HTML}

// Print writes the matrix in a format.
func (m *Matrix) Print(w io.Writer, f report.Format) error {
	switch f {
	case report.JSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	case report.Markdown:
		return m.printMarkdown(w)
	case report.HTML:
		return m.printHTML(w)
	}
	return m.printText(w)
}

// mark is the short form of a cell: "ok" when every line is accepted, else
// the counts of rejected (R) and dropped (D) lines; "-" for no lines.
func (c *Cell) mark() string {
	switch {
	case c == nil || c.Lines == 0:
		return "-"
	case c.Accepted == c.Lines:
		return "ok"
	}
	var parts []string
	if c.Rejected > 0 {
		parts = append(parts, fmt.Sprintf("R%d", c.Rejected))
	}
	if c.Dropped > 0 {
		parts = append(parts, fmt.Sprintf("D%d", c.Dropped))
	}
	if c.HarnessErrors > 0 {
		parts = append(parts, fmt.Sprintf("E%d", c.HarnessErrors))
	}
	return strings.Join(parts, " ")
}

// A LegendEntry says what one mark of a matrix cell means.
type LegendEntry struct {
	Mark    string `json:"mark"`
	Meaning string `json:"meaning"`
}

// Legend says what the marks of the matrix's cells mean; every format
// prints it (json as "legend").
var Legend = []LegendEntry{
	{"ok", "every line accepted"},
	{"R", "lines rejected: the reader fails on them (in a harness row, the SDK's own code raised the error named under the matrix)"},
	{"D", "lines dropped: skipped, or kept only raw (in a harness row, the SDK's own code dropped them)"},
	{"E", "lines a harness gave no valid answer for (it crashed, hung or answered nonsense)"},
	{"T", "lines the type declarations of a types-only model do not describe (a runtime that never rejects reads them); never in a harness row"},
}

// legendLine writes the legend on one line.
func legendLine(sep string) string {
	var parts []string
	for _, e := range Legend {
		parts = append(parts, e.Mark+": "+e.Meaning)
	}
	return strings.Join(parts, sep)
}

// markOf is the mark of a cell, with T for R where the dialect's reader
// never rejects a line (its policy fails on nothing: ts-sdk, ts-docs):
// there the schemas' rejections mean that its type declarations do not
// describe the lines, not that a reader fails on them. A harness row is
// the SDK's own code: its R is a real rejection.
func (m *Matrix) markOf(dialect, variant string) string {
	mark := m.Cell(dialect, variant).mark()
	if m.TypesOnly(dialect) {
		mark = strings.ReplaceAll(mark, "R", "T")
	}
	return mark
}

// TypesOnly reports whether the dialect is a model whose reader never
// rejects a line: its policy fails on no kind of unknown, so its schemas'
// rejections are types that do not describe the lines. A harness row is
// never types-only: what it rejects, the SDK's code rejected.
func (m *Matrix) TypesOnly(dialect string) bool {
	for _, d := range m.DialectInfo {
		if d.Name == dialect {
			return d.TypesOnly()
		}
	}
	return false
}

// TypesOnly reports whether the dialect is a schema model (not the wire,
// not a harness row) of a runtime that checks nothing: its policy keeps
// every kind of unknown raw (ts-sdk's JSON.parse and yield), so only its
// type declarations can be wrong. A reader that skips (Python) loses what
// it skips and raises on what it cannot build: it is not types-only.
func (d *Dialect) TypesOnly() bool {
	p := d.Policy
	return d.Harness == nil && d.Name != Wire.Name && p.Type == Raw && p.Subtype == Raw && p.Block == Raw && p.Member == Raw
}

// Totals returns the lines, accepted, rejected and dropped of a dialect.
func (m *Matrix) Totals(dialect string) (lines, accepted, rejected, dropped int) {
	for _, c := range m.Cells {
		if c.Dialect == dialect {
			lines += c.Lines
			accepted += c.Accepted
			rejected += c.Rejected
			dropped += c.Dropped
		}
	}
	return
}

func percent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(of))
}

func (m *Matrix) printText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "variant\tlines\t%s\n", strings.Join(m.Dialects, "\t"))
	for _, v := range m.Variants {
		row := []string{validate.Escape(v), fmt.Sprint(m.Cell(m.Dialects[0], v).Lines)}
		for _, d := range m.Dialects {
			row = append(row, m.markOf(d, v))
		}
		fmt.Fprintf(tw, "%s\n", strings.Join(row, "\t"))
	}
	row := []string{"accepted", fmt.Sprint(m.Lines)}
	for _, d := range m.Dialects {
		lines, acc, _, _ := m.Totals(d)
		row = append(row, percent(acc, lines))
	}
	fmt.Fprintf(tw, "%s\n", strings.Join(row, "\t"))
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, legendLine("\n"))
	m.printHarnesses(w, "")
	if len(m.Writes) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "What each dialect writes, checked against what the CLI reads (the rejected ones):")
		var order []string
		accepted, total := map[string]int{}, map[string]int{}
		for _, r := range m.Writes {
			if total[r.Dialect] == 0 {
				order = append(order, r.Dialect)
			}
			total[r.Dialect]++
			if r.Verdict == Accepted {
				accepted[r.Dialect]++
				continue
			}
			fmt.Fprintf(w, "  %s: %s\n", r.Dialect, validate.Escape(r.Name))
			for _, f := range r.Findings {
				fmt.Fprintf(w, "    %s %s: %s\n", f.Rule, validate.Escape(f.Pointer), validate.Escape(f.Message))
			}
			if r.Evidence != "" {
				fmt.Fprintf(w, "    how known: %s\n", validate.Escape(r.Evidence))
			}
		}
		for _, d := range order {
			fmt.Fprintf(w, "  %s: %d of %d messages accepted\n", d, accepted[d], total[d])
		}
	}
	fmt.Fprintf(w, "%s in %s, %s\n", count(m.Lines, "line"), count(m.Files, "file"), count(len(m.Dialects), "dialect"))
	return nil
}

// count returns "1 line", "2 lines".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// mdCell escapes text for a markdown table cell.
func mdCell(s string) string {
	s = validate.Escape(s)
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "`", "'")
}

// MarkdownReasons caps the reasons listed per dialect in markdown.
const MarkdownReasons = 12

func (m *Matrix) printMarkdown(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "## protocheck corpus run: %s in %s\n\n", count(m.Lines, "line"), count(m.Files, "file"))
	b.WriteString("| dialect | accepted | rejected | dropped | accepted % |\n|---|---:|---:|---:|---:|\n")
	for _, d := range m.Dialects {
		lines, acc, rej, drop := m.Totals(d)
		fmt.Fprintf(&b, "| `%s` | %d | %d | %d | %s |\n", d, acc, rej, drop, percent(acc, lines))
	}
	fmt.Fprintf(&b, "\n<details><summary>The matrix: wire variant × dialect (%s)</summary>\n\n", mdCell(legendLine("; ")))
	fmt.Fprintf(&b, "| variant | lines | %s |\n|---|---:|%s\n", strings.Join(m.Dialects, " | "), strings.Repeat("---|", len(m.Dialects)))
	for _, v := range m.Variants {
		fmt.Fprintf(&b, "| `%s` | %d |", mdCell(v), m.Cell(m.Dialects[0], v).Lines)
		for _, d := range m.Dialects {
			fmt.Fprintf(&b, " %s |", m.markOf(d, v))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n</details>\n")
	m.printHarnesses(&b, "md")
	for _, d := range m.Dialects {
		var rs []*Reason
		var cells []*Cell
		for _, c := range m.Cells {
			if c.Dialect != d {
				continue
			}
			for _, r := range c.Reasons {
				if r.Verdict != Ignored {
					rs = append(rs, r)
					cells = append(cells, c)
				}
			}
		}
		if len(rs) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n### `%s`: where it breaks\n\n| variant | verdict | lines | rule | where | first message | evidence |\n|---|---|---:|---|---|---|---|\n", d)
		order := make([]int, len(rs))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return rs[b].Count - rs[a].Count })
		for n, i := range order {
			if n == MarkdownReasons {
				fmt.Fprintf(&b, "\n…and %d more reasons (see --format json).\n", len(order)-n)
				break
			}
			r, c := rs[i], cells[i]
			ev := ""
			for _, e := range c.Evidence {
				if e.Rule == r.Rule && jsonptr.AnyIndex(e.Pointer) == r.Pointer && e.Verdict == r.Verdict {
					ev = fmt.Sprintf("%s:%d", e.File, e.Line)
					break
				}
			}
			fmt.Fprintf(&b, "| `%s` | %s | %d | %s | `%s` | %s | %s |\n", mdCell(c.Variant), r.Verdict, r.Count, r.Rule, mdCell(r.Pointer), mdCell(r.Message), mdCell(ev))
		}
	}
	if len(m.Writes) > 0 {
		b.WriteString("\n### The writing side: each dialect's messages against what the CLI reads\n\n| dialect | message | verdict | problems | how known |\n|---|---|---|---|---|\n")
		for _, r := range m.Writes {
			var probs []string
			for _, f := range r.Findings {
				probs = append(probs, fmt.Sprintf("%s `%s`", f.Rule, mdCell(f.Pointer)))
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", r.Dialect, mdCell(r.Name), r.Verdict, strings.Join(probs, "; "), mdCell(r.Evidence))
		}
	}
	if len(m.Coverage.Missing) > 0 || len(m.Coverage.UndeclaredEverywhere) > 0 {
		b.WriteString("\n### Coverage\n\n")
		fmt.Fprintf(&b, "- wire variants exercised: %d of %d", len(m.Coverage.Variants), len(m.Coverage.Variants)+len(m.Coverage.Missing))
		if len(m.Coverage.Missing) > 0 {
			fmt.Fprintf(&b, "; none of: %s", mdCell(strings.Join(m.Coverage.Missing, ", ")))
		}
		b.WriteString("\n")
		for _, u := range slices.Sorted(maps.Keys(m.Coverage.Kinds)) {
			fmt.Fprintf(&b, "- %s kinds seen: %d of %d", u, len(m.Coverage.Kinds[u]), len(m.Coverage.Kinds[u])+len(m.Coverage.KindsMissing[u]))
			if miss := m.Coverage.KindsMissing[u]; len(miss) > 0 {
				fmt.Fprintf(&b, "; none of: %s", mdCell(strings.Join(miss, ", ")))
			}
			b.WriteString("\n")
		}
		if len(m.Coverage.UndeclaredEverywhere) > 0 {
			fmt.Fprintf(&b, "- members no dialect declares: %s\n", mdCell(strings.Join(m.Coverage.UndeclaredEverywhere, ", ")))
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

//go:embed report.html
var reportPage string

// printHTML writes the page: report.html with the matrix as JSON in a
// script element. json.Marshal escapes <, > and &, so no transcript text
// can close the element; the page's script puts text in the DOM only as
// text, never as markup.
func (m *Matrix) printHTML(w io.Writer) error {
	fillEvidenceText(m.Cells)
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	page := strings.Replace(reportPage, "/*MATRIX*/null", string(data), 1)
	_, err = io.WriteString(w, page)
	return err
}

// printHarnesses lists the rows that are real SDKs behind a harness, and
// every problem a harness had; md writes markdown.
func (m *Matrix) printHarnesses(w io.Writer, md string) {
	var hs []*Dialect
	for _, d := range m.DialectInfo {
		if d.Harness != nil {
			hs = append(hs, d)
		}
	}
	if len(hs) == 0 {
		return
	}
	if md != "" {
		fmt.Fprint(w, "\n### Real SDKs behind harnesses\n\n| row | SDK | version | language | lines judged | no answer | starts | problems | seconds |\n|---|---|---|---|---:|---:|---:|---:|---:|\n")
		for _, d := range hs {
			h := d.Harness
			fmt.Fprintf(w, "| `%s` | %s | %s | %s | %d | %d | %d | %d | %.1f |\n", d.Name, mdCell(h.SDK), mdCell(h.SDKVersion), mdCell(h.Language), h.Lines, h.Failed, h.Starts, len(h.Problems), h.Elapsed.Seconds())
		}
		for _, d := range hs {
			for _, r := range d.Harness.Rejections {
				fmt.Fprintf(w, "- `%s` rejects %s with `%s`, first %s: %s\n", d.Name, count(r.Lines, "line"), mdCell(r.Error), mdCell(r.First), mdCell(r.Message))
			}
			for _, p := range d.Harness.Problems {
				fmt.Fprintf(w, "- `%s`: %s\n", d.Name, mdCell(p.String()))
			}
		}
		return
	}
	fmt.Fprintln(w, "\nReal SDKs behind harnesses:")
	for _, d := range hs {
		h := d.Harness
		fmt.Fprintf(w, "  %s: %s %s (%s), %d distinct lines judged in %.1fs, %d without an answer, started %d times: %s\n",
			d.Name, validate.Escape(h.SDK), validate.Escape(h.SDKVersion), validate.Escape(h.Language), h.Lines, h.Elapsed.Seconds(), h.Failed, h.Starts, validate.Escape(h.Command))
		for _, r := range h.Rejections {
			fmt.Fprintf(w, "    R: %s rejected with %s (%s), first %s: %s\n", count(r.Lines, "line"), validate.Escape(r.Error), strings.Join(r.Variants, ", "), r.First, validate.Escape(r.Message))
		}
		for _, p := range h.Problems {
			fmt.Fprintf(w, "    harness problem: %s\n", validate.Escape(p.String()))
		}
	}
}

// fillEvidenceText puts each evidence line's text in it, cut to 400 bytes,
// reading each file once; a file that cannot be read leaves the text out.
func fillEvidenceText(cells []*Cell) {
	want := map[string]map[int]bool{}
	for _, c := range cells {
		for _, e := range c.Evidence {
			if want[e.File] == nil {
				want[e.File] = map[int]bool{}
			}
			want[e.File][e.Line] = true
		}
	}
	text := map[string]map[int]string{}
	for file, lines := range want {
		text[file] = map[int]string{}
		in := validate.Inputs([]string{file}, nil)
		if len(in) != 1 {
			continue
		}
		validate.ReadLines(context.Background(), in[0], 0, func(n int, line []byte) error { //nolint:errcheck // what was read is shown
			if lines[n] {
				t := string(line)
				if len(t) > 400 {
					t = strings.ToValidUTF8(t[:400], "") + "…"
				}
				text[file][n] = t
			}
			return nil
		})
	}
	for _, c := range cells {
		for i := range c.Evidence {
			c.Evidence[i].Text = text[c.Evidence[i].File][c.Evidence[i].Line]
		}
	}
}
