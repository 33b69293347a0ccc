package store

import (
	"context"

	"github.com/vidhost/vidhost/services/catalog/internal/leads"
	"github.com/vidhost/vidhost/services/catalog/internal/restreams"
	"github.com/vidhost/vidhost/services/catalog/internal/streamkeys"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
)

// StreamKeys returns s as the stream keys' store.
func (s *Store) StreamKeys() streamkeys.Store { return streamKeyStore{s} }

// Transcribes returns s as the transcribes' store.
func (s *Store) Transcribes() transcribes.Store { return transcribeStore{s} }

// Leads returns s as the leads' store.
func (s *Store) Leads() leads.Store { return leadStore{s} }

// Restreams returns s as the restreams' store.
func (s *Store) Restreams() restreams.Store { return restreamStore{s} }

// streamKeyStore, transcribeStore, leadStore and restreamStore are the Store with an InTx
// whose callback takes the package's own Tx: Go matches a method's
// parameter types exactly, so one InTx cannot serve them all.
type (
	streamKeyStore  struct{ *Store }
	transcribeStore struct{ *Store }
	leadStore       struct{ *Store }
	restreamStore   struct{ *Store }
)

func (s streamKeyStore) InTx(ctx context.Context, fn func(streamkeys.Tx) error) error {
	return s.inTx(ctx, func(t *tx) error { return fn(t) })
}

func (s transcribeStore) InTx(ctx context.Context, fn func(transcribes.Tx) error) error {
	return s.inTx(ctx, func(t *tx) error { return fn(t) })
}

func (s leadStore) InTx(ctx context.Context, fn func(leads.Tx) error) error {
	return s.inTx(ctx, func(t *tx) error { return fn(t) })
}

func (s restreamStore) InTx(ctx context.Context, fn func(restreams.Tx) error) error {
	return s.inTx(ctx, func(t *tx) error { return fn(t) })
}
