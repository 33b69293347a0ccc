package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/services/transcode/internal/chunkstate"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// planGeneration is the generation of every plan (events.PlanID): a plan
// that failed fails its video, and nothing plans a job again yet.
const planGeneration = 1

// run makes one attempt at j: in this worker as always, or, for a
// distributing worker, planned and handed to units (handed: the units'
// stitch will report the video).
func (w *Worker) run(ctx context.Context, j job.Job, report job.Reporter) (job.Completion, bool, error) {
	if !w.cfg.Distributed || j.Live != nil || j.Clip != nil { // see RunOrDistribute
		c, err := w.runner.Run(ctx, j, report)
		return c, false, err
	}
	if handed, err := w.replan(ctx, j); err != nil || handed {
		return job.Completion{}, handed, err
	}
	return w.runner.RunOrDistribute(ctx, j, report, w.distribute)
}

// replan finds the record of a parent redelivered after it planned (its
// worker died before the ack) and publishes again what it released:
// planning anew would clear the outputs its units already stored. False
// when the job has no plan yet.
func (w *Worker) replan(ctx context.Context, j job.Job) (bool, error) {
	r, err := w.plans.Get(ctx, events.PlanID(j, planGeneration))
	if errors.Is(err, chunkstate.ErrNoPlan) {
		return false, nil
	}
	if err != nil || r.Stopped != "" || r.Finished {
		return err == nil, err // a stopped or finished plan has nothing left to publish
	}
	return true, w.publishReleased(ctx, planUnit(j.ForPlan(r.PlanID), r), r, r.Pending(""))
}

// distribute stores a URL source's copy for the units, opens the plan's
// record with its units (the audio runs, then the chunks) and publishes the
// first window of them (job.Distribute). The copy is stored first: no
// unit can be published before it is there.
func (w *Worker) distribute(ctx context.Context, j job.Job, planned media.Planned, source string) error {
	planID := events.PlanID(j, planGeneration)
	shared, err := w.runner.ShareSource(ctx, j, planID, source)
	if err != nil {
		return err
	}
	plan := chunkstate.Plan{
		ID: planID, JobID: j.ID, Window: w.cfg.chunkWindow(),
		Units: planUnits(planned), MediaPlan: planned.Record, MediaPlanVersion: media.PlanVersion,
	}
	r, released, err := w.plans.Open(ctx, plan)
	if err != nil {
		return err
	}
	return w.publishReleased(ctx, planUnit(shared, r), r, released)
}

// audioShare is the audio's weight in a plan's progress, as a share of
// the chunks': about a seventh of the one-process job's CPU
// (docs/transcoding.md, "Measured" under "Chunked transcoding"), split
// equally between the audio runs (one per bitrate, each encoding as much).
const audioShare = 7

// planUnits are the record's units of a plan: the audio runs first (every
// chunk's playback waits for all of them), then the chunks, each weighing
// its length.
func planUnits(planned media.Planned) []chunkstate.Unit {
	var chunks []chunkstate.Unit
	total := 0
	for _, c := range planned.Chunks {
		weight := int(max(time.Second, c.Length()) / time.Second)
		total += weight
		chunks = append(chunks, chunkstate.Unit{Key: job.ChunkKey(c.Index), Weight: weight, Chunk: &c})
	}
	var units []chunkstate.Unit
	for k := range planned.AudioRuns {
		weight := max(1, total/audioShare/planned.AudioRuns)
		units = append(units, chunkstate.Unit{Key: job.AudioKey(k), Weight: weight, Audio: k})
	}
	return append(units, chunks...)
}

// planUnit is a unit of r's plan of parent j, from which its siblings are
// built (job.Unit.Sibling).
func planUnit(j job.Job, r chunkstate.Record) job.Unit {
	return job.Unit{Job: j, PlanID: r.PlanID, Kind: job.UnitAudio, Chunks: r.Chunks(),
		MediaPlan: r.MediaPlan, MediaPlanVersion: r.MediaPlanVersion}
}

// publishReleased publishes the units of r named by keys, built from
// template, a unit of the same plan.
func (w *Worker) publishReleased(ctx context.Context, template job.Unit, r chunkstate.Record, keys []string) error {
	for _, key := range keys {
		unit, ok := r.Unit(key)
		if !ok {
			return chunkstate.ErrUnknownUnit
		}
		sibling := template.AudioSibling(unit.Audio)
		if unit.Chunk != nil {
			sibling = template.Sibling(job.UnitChunk, *unit.Chunk)
		}
		if err := w.publishUnit(ctx, sibling); err != nil {
			return err
		}
	}
	return nil
}

// publishUnit publishes u under its derived id (events.UnitID), retrying
// as reports are.
func (w *Worker) publishUnit(ctx context.Context, u job.Unit) error {
	u.ID = events.UnitID(u.Job.ID, u.PlanID, u.Key())
	return retry(ctx, func(ctx context.Context) error { return events.PublishUnit(ctx, w.js, u) })
}

// handedOn acknowledges a job whose plan its units now carry.
func (w *Worker) handedOn(jobCtx context.Context, msg jetstream.Msg, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(jobCtx), finalTimeout)
	defer cancel()
	if err := msg.DoubleAck(ctx); err != nil {
		logger.Warn("ack of a planned job failed; a redelivery publishes its units again", "error", err)
	}
	logger.Info("transcode job planned in chunks; its units carry it on")
}
