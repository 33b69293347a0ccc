// Package lifecycle runs a process's shutdown steps in the reverse order of
// start-up: each component pushes its cleanup as it starts, and Shutdown pops
// them last-in first-out, so nothing is closed while something started later
// still uses it.
package lifecycle

import (
	"context"
	"errors"
	"log/slog"
	"sync"
)

// Stack is a LIFO list of named cleanups. It is safe for concurrent use.
type Stack struct {
	mu     sync.Mutex
	steps  []step
	logger *slog.Logger
}

type step struct {
	name string
	fn   func(context.Context) error
}

// New returns an empty stack that logs each step.
func New(logger *slog.Logger) *Stack { return &Stack{logger: logger} }

// Push adds a cleanup, run before every cleanup pushed earlier.
func (s *Stack) Push(name string, fn func(context.Context) error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.steps = append(s.steps, step{name: name, fn: fn})
}

// Shutdown runs every cleanup, newest first, and joins their errors. It runs
// each step even if an earlier one failed: a stuck consumer must not keep the
// database pool open.
func (s *Stack) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	steps := s.steps
	s.steps = nil
	s.mu.Unlock()
	var errs []error
	for i := len(steps) - 1; i >= 0; i-- {
		if err := steps[i].fn(ctx); err != nil {
			s.logger.Error("shutdown step failed", "step", steps[i].name, "error", err)
			errs = append(errs, err)
			continue
		}
		s.logger.Debug("shutdown step done", "step", steps[i].name)
	}
	return errors.Join(errs...)
}
