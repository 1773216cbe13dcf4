// Command gen writes a large NDJSON transcript for benchmarks: it repeats
// real transcripts in order, giving every uuid-like value a new random uuid
// on each repetition (consistently within it), until the output reaches the
// requested size.
//
// usage: go run ./bench/gen -size 200MB -o out.jsonl transcript.jsonl...
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
