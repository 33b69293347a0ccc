package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
)

func main() {
	in := flag.String("in", "codes.json", "the table of error codes")
	goOut := flag.String("go", "codes_generated.go", "the Go file to write")
	docsOut := flag.String("docs", "../../docs/errors.md", "the Markdown reference to write")
	flag.Parse()
	if err := run(*in, *goOut, *docsOut); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run writes both outputs, each only when it changed, so an up-to-date tree
// keeps its file times.
func run(in, goOut, docsOut string) error {
	table, err := loadTable(in)
	if err != nil {
		return err
	}
	goSource, err := renderGo(table)
	if err != nil {
		return err
	}
	if err := writeIfChanged(goOut, goSource); err != nil {
		return err
	}
	return writeIfChanged(docsOut, renderDocs(table))
}

func writeIfChanged(path string, content []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, content) {
		return nil
	}
	return os.WriteFile(path, content, 0o644)
}
