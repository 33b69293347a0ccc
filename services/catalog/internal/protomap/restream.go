package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/restreams"
)

// Restream maps an output as the interface shows it: whether a key is
// set, never the key.
func Restream(r restreams.Restream) *catalogv1.Restream {
	return &catalogv1.Restream{
		Id:           r.ID,
		VideoId:      r.VideoID,
		Name:         r.Name,
		Url:          r.URL,
		StreamKeySet: r.KeySet(),
		Enabled:      r.Enabled,
		Status:       string(r.Status),
		StatusReason: r.StatusReason,
		StatusTime:   timefmt.Format(r.StatusTime),
		CreatedBy:    r.CreatedBy,
		CreatedTime:  timefmt.Format(r.CreatedTime),
		UpdatedBy:    r.UpdatedBy,
		UpdatedTime:  timefmt.Format(r.UpdatedTime),
	}
}

// RestreamInput maps a create: enabled unless it says otherwise.
func RestreamInput(in *catalogv1.CreateRestreamRequest) restreams.Input {
	return restreams.Input{Name: in.GetName(), URL: in.GetUrl(), Key: in.GetStreamKey(),
		Enabled: in.Enabled == nil || in.GetEnabled()}
}

// RestreamPatch maps a PATCH body and its mask.
func RestreamPatch(in *catalogv1.UpdateRestreamRequest) restreams.Patch {
	v := in.GetRestream()
	return restreams.Patch{Paths: in.GetUpdateMask().GetPaths(),
		Values: restreams.Input{Name: v.GetName(), URL: v.GetUrl(), Key: v.GetStreamKey(), Enabled: v.GetEnabled()}}
}

// RestreamTargets maps the outputs a publisher's grant carries.
func RestreamTargets(targets []restreams.Target) []*catalogv1.RestreamTarget {
	out := make([]*catalogv1.RestreamTarget, len(targets))
	for i, t := range targets {
		out[i] = &catalogv1.RestreamTarget{Id: t.ID, Url: t.URL, StreamKey: t.Key}
	}
	return out
}
