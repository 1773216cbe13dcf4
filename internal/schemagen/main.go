// Command schemagen writes the protocol's JSON Schemas and their index into
// the schemas folder. make schemas runs it; with -check it writes nothing and
// exits with status 1 when the committed files are stale.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/protocheck/protocheck/reflect"
)

func main() {
	root := flag.String("root", ".", "the repository's root folder")
	check := flag.Bool("check", false, "only report stale files")
	flag.Parse()
	changed, err := generate(*root, !*check)
	if err != nil {
		fmt.Fprintln(os.Stderr, "schemagen:", err)
		os.Exit(2)
	}
	for _, c := range changed {
		fmt.Println(filepath.Join("schemas", c))
	}
	if *check && len(changed) > 0 {
		fmt.Fprintln(os.Stderr, "schemagen: schemas are stale; run: make schemas")
		os.Exit(1)
	}
}

// generate regenerates the schemas of the repository at root and reports the
// files that changed (or, without write, that would change).
func generate(root string, write bool) (changed []string, err error) {
	g, err := reflect.NewGenerator(filepath.Join(root, "protocol"))
	if err != nil {
		return nil, err
	}
	files, err := g.Files()
	if err != nil {
		return nil, err
	}
	return reflect.Sync(filepath.Join(root, "schemas"), files, write)
}
