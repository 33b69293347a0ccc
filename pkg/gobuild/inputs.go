package gobuild

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// listed is the part of `go list -json` that names a package's inputs.
type listed struct {
	Dir        string
	Module     *struct{ Main bool }
	GoFiles    []string
	CgoFiles   []string
	CFiles     []string
	HFiles     []string
	SFiles     []string
	EmbedFiles []string
}

// files is every input of the package: what the compiler and the embed
// directives read.
func (p listed) files() []string {
	var files []string
	for _, list := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.HFiles, p.SFiles, p.EmbedFiles} {
		for _, f := range list {
			files = append(files, filepath.Join(p.Dir, f))
		}
	}
	return files
}

// watchInputs shows Go's test cache what the built binaries are made of, so
// that a test that runs them is run again when one of their sources changes
// and answered from the cache when none has. The test cache keys a result
// on the files the test itself looked at (os.Stat and os.Open go into the
// test log, and `go test` compares their size and time the next time); a
// binary's sources are read by `go build`, a process of their own, which
// the log never sees. Stat-ing every source of the packages the binaries
// link, from the main modules (the module cache is read-only: its versions
// are pinned by go.mod and go.sum, which are stat-ed too), puts them there.
func watchInputs(ctx context.Context, root string, opts Options, packages []string) error {
	files, err := inputs(ctx, root, opts, packages)
	if err != nil {
		return err
	}
	for _, f := range files {
		_, _ = os.Stat(f) // a file that is not there is an input too (go.work.sum)
	}
	return nil
}

// inputs lists the files that building packages reads from the main
// modules, with the module files.
func inputs(ctx context.Context, root string, opts Options, packages []string) ([]string, error) {
	args := append([]string{"list", "-deps", "-json=Dir,Module,GoFiles,CgoFiles,CFiles,HFiles,SFiles,EmbedFiles"}, opts.Flags...)
	cmd := exec.CommandContext(ctx, "go", append(args, packages...)...) //nolint:gosec // G204: the caller's fixed package list
	cmd.Dir = root
	cmd.Env = append(append(os.Environ(), "GOFLAGS="), opts.Env...)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("gobuild: go list %s: %w", strings.Join(packages, " "), err)
	}
	var files []string
	for _, f := range []string{"go.mod", "go.sum", "go.work", "go.work.sum"} {
		files = append(files, filepath.Join(root, f))
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("gobuild: go list: %w", err)
		}
		if p.Module != nil && p.Module.Main {
			files = append(files, p.files()...)
		}
	}
	return files, nil
}
