// Decodes each line of the file os.Args[1] into the root type of
// go-jsonschema's code (root_type.go, written by check.mjs, names it Root)
// and encodes it again. Prints one JSON value per line: {"out": text} or
// {"err": message}; check.mjs compares. (Copied beside the generated
// models.go.)
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

type result struct {
	Out string `json:"out,omitempty"`
	Err string `json:"err,omitempty"`
}

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var v Root
		var r result
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			r.Err = "decode: " + err.Error()
		} else if out, err := json.Marshal(v); err != nil {
			r.Err = "encode: " + err.Error()
		} else {
			r.Out = string(out)
		}
		enc.Encode(r)
	}
}
