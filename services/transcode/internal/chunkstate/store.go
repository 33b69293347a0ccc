package chunkstate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// maxConflicts bounds the compare-and-set loop: each lost race means
// another worker's change went in, so a plan's units (a few tens) cannot
// make one change lose this often unless something is wrong.
const maxConflicts = 100

// Sentinel errors of the store.
var (
	// ErrNoPlan is a change to a plan that has no record: the record
	// expired, or the unit is not of any plan this installation made.
	ErrNoPlan = errors.New("chunkstate: the plan has no record")
	// ErrUnknownUnit is a unit the plan's record does not list.
	ErrUnknownUnit = errors.New("chunkstate: the unit is not one of its plan's")
)

// Store reads and changes plans' records in the CHUNKS stream.
type Store struct {
	js     jetstream.JetStream
	stream jetstream.Stream
}

// New opens the CHUNKS stream, which the service ensures at start.
func New(ctx context.Context, js jetstream.JetStream) (*Store, error) {
	stream, err := js.Stream(ctx, natsx.StreamNameChunks)
	if err != nil {
		return nil, fmt.Errorf("chunkstate: stream %s: %w", natsx.StreamNameChunks, err)
	}
	return &Store{js: js, stream: stream}, nil
}

// Get returns the plan's record, or ErrNoPlan.
func (s *Store) Get(ctx context.Context, planID string) (Record, error) {
	r, _, err := s.read(ctx, planID)
	return r, err
}

// read returns the record and the sequence a change must expect (0: none).
func (s *Store) read(ctx context.Context, planID string) (Record, uint64, error) {
	msg, err := s.stream.GetLastMsgForSubject(ctx, natsx.TranscodePlanSubject(planID))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return Record{}, 0, ErrNoPlan
	}
	if err != nil {
		return Record{}, 0, fmt.Errorf("chunkstate: read plan %s: %w", planID, err)
	}
	var r Record
	if err := json.Unmarshal(msg.Data, &r); err != nil {
		return Record{}, 0, fmt.Errorf("chunkstate: plan %s's record: %w", planID, err)
	}
	return r, msg.Sequence, nil
}

// write stores r if the plan's subject is still at seq; false when another
// change came first.
func (s *Store) write(ctx context.Context, r Record, seq uint64) (bool, error) {
	data, err := json.Marshal(r)
	if err != nil {
		return false, fmt.Errorf("chunkstate: encode plan %s: %w", r.PlanID, err)
	}
	_, err = s.js.Publish(ctx, natsx.TranscodePlanSubject(r.PlanID), data, jetstream.WithExpectLastSequencePerSubject(seq))
	if lostRace(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("chunkstate: write plan %s: %w", r.PlanID, err)
	}
	return true, nil
}

// lostRace reports whether err is the server refusing a write whose
// expected sequence is no longer the subject's last. Replicated streams
// report it with another code.
func lostRace(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) &&
		(apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
			apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

// change applies fn to the plan's latest record until a write of its
// result wins. fn returns false to leave the record as it is (nothing to
// change: a repeat); its effects on the caller's variables must be
// recomputed on every call, since it may run more than once.
func (s *Store) change(ctx context.Context, planID string, fn func(r *Record) (bool, error)) error {
	for range maxConflicts {
		r, seq, err := s.read(ctx, planID)
		if err != nil {
			return err
		}
		write, err := fn(&r)
		if err != nil || !write {
			return err
		}
		won, err := s.write(ctx, r, seq)
		if err != nil || won {
			return err
		}
	}
	return fmt.Errorf("chunkstate: plan %s: still conflicting after %d tries", planID, maxConflicts)
}
