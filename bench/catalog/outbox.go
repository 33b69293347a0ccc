package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/services/catalog/migrations"
)

// scratchSchema holds a copy of the catalog's tables with no relay
// attached, so outbox rows stay where they are written.
const scratchSchema = "catalog_outbox_bench"

// insertVideo is the shape of the catalog's InsertVideo.
const insertVideo = `INSERT INTO videos (id, account_id, type, name, description, input, privacy, tags, status,
	created_by, created_time, updated_by, updated_time)
VALUES ($1, $2, 'vod', $3, '', $4, 'unlisted', $5, 'preparing', $6, now(), $6, now())`

// measureOutbox times the create transaction with its two outbox rows
// (video.created and transcode.jobs, real payloads) and without, in
// alternation so that both see the same machine.
func measureOutbox(ctx context.Context, dbURL string, n int) (with, without result, err error) {
	if err := pg.Migrate(ctx, dbURL, scratchSchema, migrations.FS); err != nil {
		return result{}, result{}, err
	}
	pool, err := pg.Open(ctx, dbURL, scratchSchema)
	if err != nil {
		return result{}, result{}, err
	}
	defer pool.Close()
	withTimes, withoutTimes := make([]time.Duration, n), make([]time.Duration, n)
	for i := range n {
		if withoutTimes[i], err = createTx(ctx, pool, false); err != nil {
			return result{}, result{}, err
		}
		if withTimes[i], err = createTx(ctx, pool, true); err != nil {
			return result{}, result{}, err
		}
	}
	return summarize(withTimes, sumOf(withTimes), 0, 0), summarize(withoutTimes, sumOf(withoutTimes), 0, 0), nil
}

func sumOf(ds []time.Duration) time.Duration {
	var total time.Duration
	for _, d := range ds {
		total += d
	}
	return total
}

// createTx runs one create transaction and returns how long it took.
func createTx(ctx context.Context, pool *pgxpool.Pool, withOutbox bool) (time.Duration, error) {
	id, account := ids.New(), "bench-account"
	began := time.Now()
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, insertVideo, id, account, "Outbox bench", "http://127.0.0.1:9/a.mp4", []string{"bench"}, "bench"); err != nil {
			return err
		}
		if !withOutbox {
			return nil
		}
		msgs, err := createMessages(id, account)
		if err != nil {
			return err
		}
		return outbox.Enqueue(ctx, tx, msgs...)
	})
	if err != nil {
		return 0, fmt.Errorf("outbox bench: %w", err)
	}
	return time.Since(began), nil
}

// createMessages are a create's two outbox rows, encoded as the catalog
// encodes them (the encoding is part of the cost).
func createMessages(videoID, accountID string) ([]outbox.Message, error) {
	meta := func() *eventsv1.EventMeta {
		return &eventsv1.EventMeta{Id: ids.New(), AccountId: accountID, ActorId: "bench", OccurredTime: "2026-11-21T09:30:00.000Z"}
	}
	created := &eventsv1.VideoEvent{Meta: meta(), Video: &catalogv1.Video{
		Id: videoID, Type: "vod", Name: "Outbox bench", Privacy: "unlisted", Enabled: true, Status: "preparing",
		Tags: []string{"bench"}, CreatedBy: "bench", CreatedTime: "2026-11-21T09:30:00.000Z",
		UpdatedBy: "bench", UpdatedTime: "2026-11-21T09:30:00.000Z",
	}}
	job := &eventsv1.TranscodeJob{Meta: meta(), VideoId: videoID, Transcoder: string(profiles.Standard),
		Source: &eventsv1.TranscodeJob_SourceUrl{SourceUrl: "http://127.0.0.1:9/a.mp4"}}
	var msgs []outbox.Message
	for _, event := range []struct {
		subject string
		message interface {
			proto.Message
			GetMeta() *eventsv1.EventMeta
		}
	}{{"video.created", created}, {"transcode.jobs", job}} {
		data, err := protojson.Marshal(event.message)
		if err != nil {
			return nil, err
		}
		msgs = append(msgs, outbox.Message{ID: event.message.GetMeta().GetId(), Subject: event.subject, Payload: data})
	}
	return msgs, nil
}
