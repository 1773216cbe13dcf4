package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/google/uuid"
)

var uuidRE = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

func main() {
	size := flag.String("size", "200MB", "output size (KB, MB or GB suffix)")
	out := flag.String("o", "", "output file")
	seed := flag.Uint64("seed", 1, "random seed")
	faulty := flag.Bool("faulty", false, "give every line one mistake")
	flag.Parse()
	limit, err := parseSize(*size)
	if err != nil || *out == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: gen -size 200MB -o out.jsonl transcript.jsonl...")
		os.Exit(2)
	}
	var transcripts [][][]byte
	for _, f := range flag.Args() {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		var lines [][]byte
		for l := range bytes.SplitSeq(data, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			transcripts = append(transcripts, lines)
		}
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	rng := rand.New(rand.NewPCG(*seed, *seed))
	written := int64(0)
	lineNo := 0
	for written < limit {
		t := transcripts[rng.IntN(len(transcripts))]
		fresh := map[string]string{}
		for _, l := range t {
			l = uuidRE.ReplaceAllFunc(l, func(old []byte) []byte {
				if v, ok := fresh[string(old)]; ok {
					return []byte(v)
				}
				var b [16]byte
				for i := range b {
					b[i] = byte(rng.UintN(256))
				}
				u, _ := uuid.FromBytes(b[:])
				v := uuid.Must(u, nil).String()
				fresh[string(old)] = v
				return []byte(v)
			})
			if *faulty {
				l = mistake(l, lineNo)
			}
			lineNo++
			w.Write(l)
			w.WriteByte('\n')
			written += int64(len(l)) + 1
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	f.Close()
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	for suffix, m := range map[string]int64{"KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30} {
		if strings.HasSuffix(s, suffix) {
			s, mult = strings.TrimSuffix(s, suffix), m
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mult, err
}

// mistakes are the kinds of mistake -faulty makes: each rewrites the first
// (or, with last, the last) match of its pattern, on lines that match only
// (any line when nil) and not except (where the member is free-form or not
// declared). A line gets the kind of its number, or the next that applies.
var mistakes = []struct {
	name   string
	only   *regexp.Regexp
	except *regexp.Regexp
	re     *regexp.Regexp
	with   string
	last   bool
}{
	{"a number for a string, and an undeclared member", nil, regexp.MustCompile(`^\{"type":"(user|control_)`), regexp.MustCompile(`"session_id":"`), `"session_id":7,"zz":"`, false},
	{"a required member missing", regexp.MustCompile(`^\{"type":"assistant"`), nil, regexp.MustCompile(`,"uuid":"[0-9a-f-]{36}"`), ``, true},
	{"a string for an integer, in a stream event", regexp.MustCompile(`^\{"type":"stream_event"`), nil, regexp.MustCompile(`"index":([0-9]+)`), `"index":"$1"`, false},
	{"a value outside an enum", nil, regexp.MustCompile(`^\{"type":"control_`), regexp.MustCompile(`"role":"(user|assistant)"`), `"role":"robot"`, false},
	{"a fraction for an integer", nil, regexp.MustCompile(`^\{"type":"control_|"tool_use_result"`), regexp.MustCompile(`"output_tokens":([0-9]+)`), `"output_tokens":$1.5`, false},
	{"a content block without its text", nil, regexp.MustCompile(`^\{"type":"control_`), regexp.MustCompile(`\{"type":"text","text":`), `{"type":"text","txt":`, false},
	{"a number for a request id", nil, nil, regexp.MustCompile(`"request_id":"`), `"request_id":7,"zz":"`, false},
	{"a number for a parent tool use id", nil, nil, regexp.MustCompile(`"parent_tool_use_id":null`), `"parent_tool_use_id":7`, false},
	{"a type that is not a string", regexp.MustCompile(`^\{"type":"keep_alive"\}$`), nil, regexp.MustCompile(`\}$`), `,"type":7}`, false},
}

func mistake(l []byte, n int) []byte {
	for k := range mistakes {
		m := mistakes[(n+k)%len(mistakes)]
		if (m.only != nil && !m.only.Match(l)) || (m.except != nil && m.except.Match(l)) {
			continue
		}
		locs := m.re.FindAllSubmatchIndex(l, -1)
		if len(locs) == 0 {
			continue
		}
		loc := locs[0]
		if m.last {
			loc = locs[len(locs)-1]
		}
		var out []byte
		out = append(out, l[:loc[0]]...)
		out = m.re.Expand(out, []byte(m.with), l, loc)
		return append(out, l[loc[1]:]...)
	}
	return l
}
