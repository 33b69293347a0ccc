package k8s

import (
	"fmt"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// Render builds the kustomization in dir (an overlay such as
// deploy/k8s/overlays/production) and returns the objects as one YAML
// stream, as `kustomize build dir` would.
func Render(dir string) ([]byte, error) {
	return renderFS(filesys.MakeFsOnDisk(), dir)
}

// renderFS is Render over any file system (the tests edit overlays in
// memory).
func renderFS(fs filesys.FileSystem, dir string) ([]byte, error) {
	kustomizer := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	resources, err := kustomizer.Run(fs, dir)
	if err != nil {
		return nil, fmt.Errorf("k8s: render %s: %w", dir, err)
	}
	out, err := resources.AsYaml()
	if err != nil {
		return nil, fmt.Errorf("k8s: render %s: %w", dir, err)
	}
	return out, nil
}
