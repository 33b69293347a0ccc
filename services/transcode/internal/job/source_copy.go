package job

import (
	"context"
	"fmt"
	"os"

	"github.com/vidhost/vidhost/pkg/blob"
)

// sourceCopyName is the name of a URL source's copy in its plan's private
// folder.
const sourceCopyName = "source"

// sourceCopyKey is the key of the copy of the job's URL source that plan
// planID's units read, in the plan's private folder; false for ids no
// validated unit has.
func (j Job) sourceCopyKey(planID string) (string, bool) {
	folder, err := blob.PlanPrefix(j.AccountID, j.VideoID, planID)
	return folder + sourceCopyName, err == nil
}

// ForPlan is the job as the units of plan planID carry it. A URL source
// becomes the plan's copy of it (ShareSource stores it): units read
// sources from the store, never from the customer's origin, which the
// parent has fetched once already (and which may have changed since, or
// refuse a second download). An upload stays as it is.
func (j Job) ForPlan(planID string) Job {
	if j.SourceURL == "" {
		return j
	}
	key, ok := j.sourceCopyKey(planID)
	if !ok {
		panic("job: plan id of an unvalidated job: " + planID)
	}
	j.SourceKey, j.SourceURL, j.SourceMaxBytes = key, "", 0
	return j
}

// ShareSource stores the fetched source of a URL job, the local file
// source, as the copy its plan's units read (ForPlan), and returns the
// job as they carry it. An upload is stored already: nothing is copied.
// The copy lives as long as the plan's private folder: the stitch, a
// failure or the video's deletion removes it.
func (r *Runner) ShareSource(ctx context.Context, j Job, planID, source string) (Job, error) {
	shared := j.ForPlan(planID)
	if j.SourceURL == "" {
		return shared, nil
	}
	file, err := os.Open(source) //nolint:gosec // G304: the attempt directory's own source
	if err != nil {
		return Job{}, err
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return Job{}, err
	}
	if err := r.Store.Put(ctx, shared.SourceKey, file, info.Size(), ""); err != nil {
		return Job{}, fmt.Errorf("store the source for the plan's units: %w", err)
	}
	return shared, nil
}
