// Decodes each line of the file os.Args[1] with protocheck's protocol
// package, the Go model (protocol.Decode), as a program that requires the
// module gets it, and encodes it again with json.Marshal. Prints one JSON
// value per line: {"out": text, "model": the variant's name} or
// {"err": message}; check.mjs compares.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/protocheck/protocheck/protocol"
)

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" {
			continue
		}
		m, err := protocol.Decode([]byte(l))
		if err != nil {
			enc.Encode(map[string]string{"err": err.Error()})
			continue
		}
		out, err := json.Marshal(m)
		if err != nil {
			enc.Encode(map[string]string{"err": err.Error()})
			continue
		}
		model := "(unknown)"
		if v := protocol.VariantOf(m); v != nil {
			model = v.Name
		}
		enc.Encode(map[string]string{"out": string(out), "model": model})
	}
}
