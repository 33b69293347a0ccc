package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// cell is one row of daily_views: the finest roll-up grain.
type cell struct {
	accountID                string
	day                      time.Time
	videoID, domain, country string
}

// increments are a batch's counted views per cell and its moved replay
// windows, as the arrays rollUpStatement takes. Summing per cell in Go
// first sends each cell once, whatever its views.
type increments struct {
	accounts, videos, domains, countries []string
	days                                 []time.Time
	views                                []int32

	windowKeys     []int64
	windowAccounts []string
	windowStarts   []time.Time
}

// incrementsOf sums the counted plays of events per cell and lists the
// windows r moved.
func incrementsOf(events []views.Event, r replay) increments {
	perCell := make(map[cell]int32, len(r.counted))
	order := make([]cell, 0, len(r.counted))
	for _, e := range events {
		if !r.counted[e.ID] {
			continue
		}
		c := cell{accountID: e.AccountID, day: e.Day(), videoID: e.VideoID, domain: e.Domain, country: e.Country}
		if _, ok := perCell[c]; !ok {
			order = append(order, c)
		}
		perCell[c]++
	}
	inc := increments{
		accounts: make([]string, 0, len(order)), videos: make([]string, 0, len(order)),
		domains: make([]string, 0, len(order)), countries: make([]string, 0, len(order)),
		days: make([]time.Time, 0, len(order)), views: make([]int32, 0, len(order)),
		windowKeys: make([]int64, 0, len(r.moved)), windowAccounts: make([]string, 0, len(r.moved)),
		windowStarts: make([]time.Time, 0, len(r.moved)),
	}
	for _, c := range order {
		inc.accounts, inc.days, inc.videos = append(inc.accounts, c.accountID), append(inc.days, c.day), append(inc.videos, c.videoID)
		inc.domains, inc.countries, inc.views = append(inc.domains, c.domain), append(inc.countries, c.country), append(inc.views, perCell[c])
	}
	at := make(map[int64]int, len(r.moved)) // a window's place in the arrays, by its key
	for key, start := range r.moved {
		hash := r.keys[key]
		if i, ok := at[hash]; ok {
			// Two viewers whose keys collide share one window; one upsert
			// may not touch a row twice, so the later start stands for both.
			inc.windowStarts[i] = later(inc.windowStarts[i], start)
			continue
		}
		at[hash] = len(inc.windowKeys)
		inc.windowKeys = append(inc.windowKeys, hash)
		inc.windowAccounts = append(inc.windowAccounts, key.AccountID)
		inc.windowStarts = append(inc.windowStarts, start)
	}
	return inc
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// rollUp adds inc to every roll-up and the replay windows.
func rollUp(ctx context.Context, tx pgx.Tx, inc increments) error {
	if len(inc.views) == 0 && len(inc.windowKeys) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, rollUpStatement, inc.accounts, inc.days, inc.videos, inc.domains, inc.countries, inc.views,
		inc.windowKeys, inc.windowAccounts, inc.windowStarts); err != nil {
		return fmt.Errorf("roll up: %w", err)
	}
	return nil
}
