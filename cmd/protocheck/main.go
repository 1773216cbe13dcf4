package main

import (
	"os"

	"github.com/protocheck/protocheck/internal/cli"
)

func main() { os.Exit(cli.Main()) }
