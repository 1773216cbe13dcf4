// Round trip through quicktype's Go: each line of the input is
// "TypeName<TAB>json"; codecs.go (written by check.mjs) decodes it with
// Unmarshal<TypeName> and encodes it with Marshal. The members before and
// after are compared. The last line printed is the report check.mjs reads.
// (Copied beside the generated line.go.)
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
)

func paths(v any, at string, out map[string]bool) {
	switch v := v.(type) {
	case []any:
		for i, e := range v {
			paths(e, at+"/"+strconv.Itoa(i), out)
		}
	case map[string]any:
		for k, c := range v {
			out[at+"/"+k] = true
			paths(c, at+"/"+k, out)
		}
	}
}

func members(data []byte) map[string]bool {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		panic(err)
	}
	out := map[string]bool{}
	paths(v, "", out)
	return out
}

type report struct {
	Compiled bool     `json:"compiled"`
	OK       int      `json:"ok"`
	Failed   [][2]any `json:"failed"`
	Lost     [][2]any `json:"lost"`
	Added    int      `json:"added"`
}

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	rep := report{Compiled: true, Failed: [][2]any{}, Lost: [][2]any{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	for i := 0; sc.Scan(); i++ {
		name, line, _ := bytes.Cut(sc.Bytes(), []byte("\t"))
		codec, ok := codecs[string(name)]
		if !ok {
			rep.Failed = append(rep.Failed, [2]any{i, "no type " + string(name)})
			continue
		}
		again, err := codec(line)
		if err != nil {
			rep.Failed = append(rep.Failed, [2]any{i, err.Error()})
			continue
		}
		before, after := members(line), members(again)
		lost := []string{}
		for p := range before {
			if !after[p] {
				lost = append(lost, p)
			}
		}
		for p := range after {
			if !before[p] {
				rep.Added++
			}
		}
		if len(lost) > 0 {
			rep.Lost = append(rep.Lost, [2]any{i, lost})
		} else {
			rep.OK++
		}
	}
	out, _ := json.Marshal(rep)
	fmt.Println(string(out))
}
