// Command render writes an overlay's manifests to a file: `make manifests`
// runs it for the production overlay into var/manifests.yaml.
//
//	go run ./deploy/k8s/render deploy/k8s/overlays/production var/manifests.yaml
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/vidhost/vidhost/deploy/k8s"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: render OVERLAY_DIR OUTPUT_FILE")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "render:", err)
		os.Exit(1)
	}
}

func run(dir, output string) error {
	out, err := k8s.Render(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(output), 0o750); err != nil { //nolint:gosec // G703: the path is the Makefile's
		return err
	}
	return os.WriteFile(output, out, 0o600) //nolint:gosec // G703: the path is the Makefile's
}
