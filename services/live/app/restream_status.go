package app

import (
	"context"
	"log/slog"
	"time"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/services/live/internal/ingest"
	"github.com/vidhost/vidhost/services/live/internal/restream"
)

// statusQueueLength bounds the reports waiting for the catalog: outputs
// change state a few times a minute at most, so a full queue means the
// catalog is down, and a report dropped then is overtaken by the next.
const statusQueueLength = 256

// reportTimeout bounds one report's call to the catalog.
const reportTimeout = 5 * time.Second

// statusReporter sends the outputs' states to the catalog, in order, from
// one goroutine: the outputs hand a report over without waiting.
type statusReporter struct {
	client catalogv1.CatalogServiceClient
	queue  chan *catalogv1.ReportRestreamStatusRequest
	logger *slog.Logger
}

func newStatusReporter(client catalogv1.CatalogServiceClient, logger *slog.Logger) *statusReporter {
	return &statusReporter{client: client, queue: make(chan *catalogv1.ReportRestreamStatusRequest, statusQueueLength), logger: logger}
}

// report queues st, or drops it (logged) when the queue is full.
func (r *statusReporter) report(g ingest.Grant, st restream.Status) {
	req := &catalogv1.ReportRestreamStatusRequest{AccountId: g.AccountID, VideoId: g.VideoID, Id: st.Target,
		Status: string(st.State), Reason: st.Reason}
	select {
	case r.queue <- req:
	default:
		r.logger.Warn("restream status dropped: the catalog is behind", "video_id", g.VideoID, "output", st.Target)
	}
}

// start sends the queued reports until the returned stop is called; stop
// sends what is still queued (the outputs' last idle, as the service
// shuts down) for at most drainTimeout, then returns.
func (r *statusReporter) start(stack *lifecycle.Stack) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-ctx.Done():
				return
			case req := <-r.queue:
				r.send(ctx, req)
			}
		}
	}()
	stack.Push("restream status reporter", func(context.Context) error {
		cancel()
		<-done
		r.drain()
		return nil
	})
}

// drainTimeout bounds the reports sent at shutdown.
const drainTimeout = 2 * time.Second

func (r *statusReporter) drain() {
	ctx, cancel := context.WithTimeout(context.Background(), drainTimeout)
	defer cancel()
	for ctx.Err() == nil {
		select {
		case req := <-r.queue:
			r.send(ctx, req)
		default:
			return
		}
	}
}

func (r *statusReporter) send(ctx context.Context, req *catalogv1.ReportRestreamStatusRequest) {
	callCtx, cancel := context.WithTimeout(ctx, reportTimeout)
	defer cancel()
	if _, err := r.client.ReportRestreamStatus(callCtx, req); err != nil && ctx.Err() == nil {
		r.logger.Warn("restream status not recorded", "video_id", req.GetVideoId(), "output", req.GetId(), "error", err)
	}
}
