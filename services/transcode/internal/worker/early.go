package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// claimPause is how often a stitch asks again for the playlist claim
// while an early-playback writer holds it (for a second or so).
const claimPause = 200 * time.Millisecond

// finalClaimGrace is how long after an early-playback writer's claim
// expired the stitch still waits (chunkstate.ClaimFinalPlaylists): for a
// playlist sent before the writer's deadline and stored after it, and for
// the clocks of two workers, which NTP keeps well within it. It delays
// only a stitch whose plan's writer died holding the claim.
const finalClaimGrace = 10 * time.Second

// earlyPlaylists writes the EVENT playlists of the chunks done from the
// first on, with the audio, under the plan's playlist claim, and writes
// again while they grew meanwhile (a completion that found the claim held
// left that to its holder). True when it stored some: the video plays. A
// failure only delays early playback: the stitch writes everything.
func (w *Worker) earlyPlaylists(jobCtx context.Context, u job.Unit, logger *slog.Logger) bool {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), w.cfg.AckWait)
	defer cancel()
	holder := ids.New()
	wrote := false
	for {
		// The claim lasts as long as the heartbeat keeps the unit: a
		// holder that died loses both at once. It expires no sooner than
		// claimed plus the ack wait, and the writes stop then.
		claimed := time.Now()
		playable, err := w.plans.ClaimPlaylists(ctx, u.PlanID, holder, w.cfg.AckWait)
		if err != nil || playable == 0 {
			logIf(logger, err, "claiming the playlists failed")
			return wrote
		}
		runErr := w.writeEarly(ctx, u, playable, claimed.Add(w.cfg.AckWait))
		logIf(logger, runErr, "writing early playlists failed")
		if runErr != nil {
			playable = 0
		}
		if err := w.plans.ReleasePlaylists(ctx, u.PlanID, holder, playable); err != nil || runErr != nil {
			logIf(logger, err, "giving the playlist claim back failed") // it expires
			return wrote
		}
		wrote = true
	}
}

// writeEarly writes the EVENT playlists of playable chunks, stopping at
// expiry, when the claim it writes under may be another's: a write that
// outlived its claim could land over the stitch's VOD playlists.
func (w *Worker) writeEarly(ctx context.Context, u job.Unit, playable int, expiry time.Time) error {
	ctx, cancel := context.WithDeadline(ctx, expiry)
	defer cancel()
	return w.runner.RunEarlyPlaylists(ctx, u, playable)
}

// claimFinalPlaylists takes the playlist claim for the stitch, waiting
// for an early-playback writer to finish, and finalClaimGrace more for
// one whose claim expired.
func (w *Worker) claimFinalPlaylists(ctx context.Context, u job.Unit) error {
	for {
		taken, err := w.plans.ClaimFinalPlaylists(ctx, u.PlanID, u.ID, finalClaimGrace)
		if err != nil || taken {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(claimPause):
		}
	}
}

func logIf(logger *slog.Logger, err error, msg string) {
	if err != nil {
		logger.Warn(msg, "error", err)
	}
}
