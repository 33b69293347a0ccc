package e2e

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
)

// ownStack is a suite a test started for itself, with its blob driver.
type ownStack struct {
	stack  *stack.Stack
	driver string
}

// ownStacks maps a top-level test's name to the suite it runs against
// (withSuite); a test not in it runs against the package's suite. Keyed by
// test rather than held in one variable so that tests with suites of their
// own can run in parallel (t.Parallel), each on its own.
var ownStacks sync.Map

// suiteOf is the suite t runs against: the one its top-level test started
// (withSuite), else the package's shared one.
func suiteOf(t testing.TB) *stack.Stack {
	if own, ok := ownStacks.Load(topLevel(t)); ok {
		return own.(ownStack).stack
	}
	return suite
}

// driverOf is the blob driver of the suite t runs against.
func driverOf(t testing.TB) string {
	if own, ok := ownStacks.Load(topLevel(t)); ok {
		return own.(ownStack).driver
	}
	return "local"
}

// ownerOf is the bootstrap read-write key of the suite t runs against.
func ownerOf(t testing.TB) string { return suiteOf(t).Credentials.APIKey }

// topLevel is the name of t's top-level test: subtests run against their
// parent's suite.
func topLevel(t testing.TB) string {
	name, _, _ := strings.Cut(t.Name(), "/")
	return name
}

// varDirs maps each suite newSuite started to its data directory, which
// its live service's ffmpeg processes name on their command lines.
var varDirs sync.Map

// varDirOf is the data directory of the suite t runs against: the package's
// suite has none here ("").
func varDirOf(t testing.TB) string {
	dir, _ := varDirs.Load(suiteOf(t))
	name, _ := dir.(string)
	return name
}

// newSuite starts another whole suite for one test, stopped at its end,
// with tune's changes to its configuration, if any.
func newSuite(t *testing.T, workers int, tune ...func(*stack.Config)) *stack.Stack {
	t.Helper()
	varDir, err := os.MkdirTemp("", "vidhost-e2e-") // t.TempDir's parent is closed to the postgres user
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(varDir) })
	s, err := startSuite(context.Background(), varDir, workers, tune...)
	require.NoError(t, err)
	varDirs.Store(s, varDir)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		assert.NoError(t, s.Stop(ctx))
	})
	return s
}

// withSuite points the helpers at another suite while fn runs, for t's
// top-level test and its subtests only.
func withSuite(t *testing.T, s *stack.Stack, driver string, fn func()) {
	t.Helper()
	name := topLevel(t)
	_, taken := ownStacks.LoadOrStore(name, ownStack{stack: s, driver: driver})
	require.False(t, taken, "%s already runs against a suite of its own", name)
	defer ownStacks.Delete(name)
	fn()
}
