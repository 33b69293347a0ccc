package drill

import (
	"context"
	"strconv"
	"sync"
	"time"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// loadPause is each load worker's pause between requests: a handful of
// workers then make a steady few dozen requests a second, enough to have
// requests in flight at every kill without taking the CPUs the transcode
// workers need.
const loadPause = 40 * time.Millisecond

// runLoad makes workers goroutines that alternate a write (a player) and a
// read (that player, then the video list) until ctx ends. Outcomes are
// recorded by the gateways' request log; the load itself goes on whatever
// the answer.
func runLoad(ctx context.Context, client *vidhost.Client, workers int) *sync.WaitGroup {
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				loadStep(ctx, client, "load-"+strconv.Itoa(w)+"-"+strconv.Itoa(i))
				select {
				case <-ctx.Done():
				case <-time.After(loadPause):
				}
			}
		}()
	}
	return &wg
}

func loadStep(ctx context.Context, client *vidhost.Client, name string) {
	player, err := client.Players.Create(ctx, map[string]any{"name": name})
	if err == nil {
		_, _ = client.Players.Get(ctx, player.ID)
	}
	for _, err := range client.Videos.List(ctx, &vidhost.ListOptions{Limit: 5}) {
		_ = err
		break // the first page is the read
	}
}
