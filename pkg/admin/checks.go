package admin

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/vidhost/vidhost/pkg/metrics"
)

// checkTimeout bounds one readiness check: a dependency slower than this
// is not ready.
const checkTimeout = 2 * time.Second

// Check reports whether a dependency is reachable; nil means ready.
type Check func(ctx context.Context) error

// Checks is a process's list of readiness checks. It is safe for
// concurrent use: services add theirs while starting.
type Checks struct {
	*list
	prefix string
}

type list struct {
	mu     sync.Mutex
	checks map[string]Check
	// awaitServing: not ready until serving is true (AwaitServing).
	awaitServing, serving bool
}

// startingCheck names the failing result of a list still awaiting its
// serving check.
const startingCheck = "serving"

// AwaitServing makes the list not ready until a serving check is added
// (AddServing): a process's admin listener starts before its service, whose
// checks come one by one as it connects (database, NATS, then its port), so
// without it /readyz would answer ready while the service still migrates
// or connects, and a readiness probe would send it calls it refuses.
func (c *Checks) AwaitServing() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.awaitServing = true
}

// AddServing registers the check of the port the process serves on (gRPC,
// HTTP, RTMP), added once it accepts calls: from then on the list is ready
// when its checks pass.
func (c *Checks) AddServing(name string, check Check) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.checks[c.prefix+name] = check
	c.serving = true
}

// NewChecks returns an empty list (an empty list is ready).
func NewChecks() *Checks { return &Checks{list: &list{checks: map[string]Check{}}} }

// Sub is a view of c whose checks are added as prefix+"/"+name: the
// devstack runs every service in one process, each adding its "database"
// and "nats" to one list.
func (c *Checks) Sub(prefix string) *Checks {
	return &Checks{list: c.list, prefix: c.prefix + prefix + "/"}
}

// Add registers check under name, replacing one of that name.
func (c *Checks) Add(name string, check Check) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.checks[c.prefix+name] = check
}

// Result is one check's outcome ("" when it passed).
type Result struct {
	Name  string
	Error string
}

// Run runs every check at once and returns their results sorted by name,
// and whether all passed.
func (c *Checks) Run(ctx context.Context) ([]Result, bool) {
	c.mu.Lock()
	checks := make(map[string]Check, len(c.checks))
	for name, check := range c.checks {
		checks[name] = check
	}
	if c.awaitServing && !c.serving {
		checks[startingCheck] = func(context.Context) error { return errors.New("starting: not serving yet") }
	}
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	results := make([]Result, 0, len(checks))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, check := range checks {
		wg.Go(func() {
			err := safely(ctx, check)
			mu.Lock()
			defer mu.Unlock()
			results = append(results, resultOf(name, err))
		})
	}
	wg.Wait()
	slices.SortFunc(results, func(a, b Result) int { return cmp.Compare(a.Name, b.Name) })
	ok := true
	for _, r := range results {
		ok = ok && r.Error == ""
	}
	return results, ok
}

func resultOf(name string, err error) Result {
	if err != nil {
		metrics.ReadyChecks.WithLabelValues(name).Set(0)
		return Result{Name: name, Error: err.Error()}
	}
	metrics.ReadyChecks.WithLabelValues(name).Set(1)
	return Result{Name: name}
}

// safely turns a check's panic into a failure: a probe must not kill the process.
func safely(ctx context.Context, check Check) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("check panicked: %v", r)
		}
	}()
	if err = check(ctx); err == nil && ctx.Err() != nil {
		err = errors.New("timed out")
	}
	return err
}

type checksKey struct{}

// WithChecks returns ctx carrying checks, for the service started with it
// to register its dependencies on (AddCheck).
func WithChecks(ctx context.Context, checks *Checks) context.Context {
	return context.WithValue(ctx, checksKey{}, checks)
}

// AddCheck registers a readiness check on the list ctx carries; without
// one (a test running a service directly) it does nothing.
func AddCheck(ctx context.Context, name string, check Check) {
	if checks, ok := ctx.Value(checksKey{}).(*Checks); ok {
		checks.Add(name, check)
	}
}

// AddServingCheck is AddCheck for the check of the port the service
// serves on, registered once it accepts calls (see AwaitServing).
func AddServingCheck(ctx context.Context, name string, check Check) {
	if checks, ok := ctx.Value(checksKey{}).(*Checks); ok {
		checks.AddServing(name, check)
	}
}
