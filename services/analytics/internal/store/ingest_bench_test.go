package store_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// BenchmarkIngest stores batches of 1000 plays (200 videos, 50 domains, 30
// countries, distinct viewers) and reports events/s. The consumer's cost
// without JetStream; bench/analytics adds the bus.
func BenchmarkIngest(b *testing.B) {
	f := setupBench(b)
	const batch = 1000
	start := time.Now()
	n := 0
	for i := 0; b.Loop(); i++ {
		events := make([]views.Event, batch)
		for j := range events {
			id := i*batch + j
			events[j] = play(fmt.Sprintf("b%09d", id), accountA, fmt.Sprintf("v%03d", id%200),
				fmt.Sprintf("viewer-%09d", id), fmt.Sprintf("d%02d.example", id%50), fmt.Sprintf("C%02d", id%30),
				day1.Add(time.Duration(id)*time.Millisecond))
		}
		_, err := f.store.Ingest(b.Context(), events)
		require.NoError(b, err)
		n += batch
	}
	b.ReportMetric(float64(n)/time.Since(start).Seconds(), "events/s")
}
