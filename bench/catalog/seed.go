package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/pg"
)

// catalogSchema is the devstack catalog's schema (VIDHOST_CATALOG_DB_SCHEMA).
const catalogSchema = "catalog"

// seed copies n ready videos into the catalog's table for accountID, a
// second apart so that pages are in a known order, with one of 100 tags
// each, then refreshes the planner's statistics.
func seed(ctx context.Context, dbURL, accountID string, n int) error {
	pool, err := pg.Open(ctx, dbURL, catalogSchema)
	if err != nil {
		return err
	}
	defer pool.Close()
	start := time.Now().Add(-time.Duration(n) * time.Second)
	columns := []string{"id", "account_id", "type", "name", "privacy", "status", "progress", "tags",
		"outputs", "created_by", "created_time", "updated_by", "updated_time"}
	outputs := []byte(`[{"label":"HLS","path":"hls/master.m3u8"},{"label":"MP4 720p","path":"mp4/720p.mp4"}]`)
	rows := pgx.CopyFromFunc(func() func() ([]any, error) {
		i := 0
		return func() ([]any, error) {
			if i == n {
				return nil, nil
			}
			created := start.Add(time.Duration(i) * time.Second)
			row := []any{ids.New(), accountID, "vod", fmt.Sprintf("Seeded video %d", i), "unlisted", "ready", 100,
				[]string{fmt.Sprintf("t%d", i%100)}, outputs, "bench", created, "bench", created}
			i++
			return row, nil
		}
	}())
	if _, err := pool.CopyFrom(ctx, pgx.Identifier{"videos"}, columns, rows); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	_, err = pool.Exec(ctx, "ANALYZE videos")
	return err
}
