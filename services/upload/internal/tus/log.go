package tus

import (
	"context"
	"log/slog"

	expslog "golang.org/x/exp/slog"
)

// tusLogger gives tusd (which logs through golang.org/x/exp/slog) the
// service's logger. tusd logs every request at Info; that is Debug here.
// It logs a client that went away mid-PATCH as an error; for resumable
// uploads that is routine, so it is Info here.
func tusLogger(logger *slog.Logger) *expslog.Logger {
	return expslog.New(bridge{logger.Handler()})
}

// bridge is an x/exp/slog handler that forwards to a log/slog handler.
type bridge struct{ next slog.Handler }

func level(l expslog.Level) slog.Level {
	if l <= expslog.LevelInfo {
		return slog.LevelDebug
	}
	return slog.Level(l)
}

func (b bridge) Enabled(ctx context.Context, l expslog.Level) bool {
	return b.next.Enabled(ctx, level(l))
}

func (b bridge) Handle(ctx context.Context, r expslog.Record) error {
	lvl := level(r.Level)
	if r.Message == "BodyReadError" {
		lvl = slog.LevelInfo
	}
	if !b.next.Enabled(ctx, lvl) {
		return nil
	}
	out := slog.NewRecord(r.Time, lvl, "tusd: "+r.Message, r.PC)
	r.Attrs(func(a expslog.Attr) bool {
		out.AddAttrs(slog.Any(a.Key, a.Value.Any()))
		return true
	})
	return b.next.Handle(ctx, out)
}

func (b bridge) WithAttrs(attrs []expslog.Attr) expslog.Handler {
	converted := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		converted[i] = slog.Any(a.Key, a.Value.Any())
	}
	return bridge{b.next.WithAttrs(converted)}
}

func (b bridge) WithGroup(name string) expslog.Handler {
	return bridge{b.next.WithGroup(name)}
}
