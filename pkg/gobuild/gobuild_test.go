package gobuild

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A second build of the same package into its folder links nothing: the
// property of `go build -o DIR/` the cache folder relies on (go touches the
// binary's modification time, so the test reads go's own account, -x).
func TestASecondBuildLinksNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a command")
	}
	dir, err := Build(t.Context(), Options{}, "./pkg/gobuild/testdata/hello")
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(dir, "hello"))
	root, err := moduleRoot(t.Context())
	require.NoError(t, err)
	cmd := exec.CommandContext(t.Context(), "go", "build", "-x", "-o", dir+"/", "./pkg/gobuild/testdata/hello")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.NotContains(t, string(out), "/link ", "linked again")
}

// Options that change the binary get a folder of their own.
func TestOptionsGetFoldersOfTheirOwn(t *testing.T) {
	plain := key(Options{}, []string{"./cmd/vidhost"})
	assert.NotEqual(t, plain, key(Options{Env: []string{"CGO_ENABLED=0"}}, []string{"./cmd/vidhost"}))
	assert.NotEqual(t, plain, key(Options{Flags: []string{"-trimpath"}}, []string{"./cmd/vidhost"}))
	assert.NotEqual(t, plain, key(Options{}, []string{"./cmd/vidhost", "./cmd/vidhost-server"}))
	assert.Equal(t, plain, key(Options{}, []string{"./cmd/vidhost"}))
}

func TestBuildErrorsSayWhat(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	_, err := Build(t.Context(), Options{}, "./pkg/gobuild/testdata/nosuchcommand")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nosuchcommand")
}

// The inputs Go's test cache is shown are the command's own sources, the
// main modules' packages it imports and the module files; not the standard
// library's or the module cache's, which go.mod and the toolchain pin.
func TestInputsAreTheMainModulesSources(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	root, err := moduleRoot(t.Context())
	require.NoError(t, err)
	files, err := inputs(t.Context(), root, Options{}, []string{"./cmd/vidhost"})
	require.NoError(t, err)
	assert.Contains(t, files, filepath.Join(root, "cmd/vidhost/main.go"))
	assert.Contains(t, files, filepath.Join(root, "pkg/buildinfo/buildinfo.go"), "a package it imports")
	assert.NotContains(t, files, filepath.Join(root, "pkg/buildinfo/buildinfo_test.go"), "tests are not built into it")
	assert.Contains(t, files, filepath.Join(root, "go.mod"))
	assert.Contains(t, files, filepath.Join(root, "go.sum"))
	for _, f := range files {
		assert.True(t, strings.HasPrefix(f, root+string(filepath.Separator)), "%s is outside the module", f)
	}
}
