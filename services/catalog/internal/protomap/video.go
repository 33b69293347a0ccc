package protomap

import (
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Video returns v as a message; v's media URLs must have been rendered. A
// vod's input is left out: a source URL may carry credentials. An event's
// input is its ingest URL, which the client needs.
func Video(v catalog.Video) *catalogv1.Video {
	m := &catalogv1.Video{
		Id: v.ID, Type: v.Type, Name: v.Name, Description: v.Description, Metadata: v.Metadata,
		Outputs:   outputs(v.Outputs),
		Thumbnail: v.Thumbnail.URL, Sprite: v.Sprite.URL, Duration: v.Duration,
		Privacy: v.Privacy, Tracks: mapList(v.Tracks, Track), Categories: v.Categories,
		Enabled: v.Enabled, Transcoder: v.Transcoder, Spherical: v.Spherical, Projection: v.Projection,
		Cards: mapList(v.Cards, Card), Gates: mapList(v.Gates, Gate), Hotspots: mapList(v.Hotspots, Hotspot),
		Progress: int32(v.Progress), Status: v.Status, Tags: v.Tags, //nolint:gosec // bounded: progress is a percentage from transcode events' int32 field
		Chapters: mapList(v.Chapters, Chapter), StatusReason: v.StatusReason,
		CreatedBy: v.CreatedBy, CreatedTime: timefmt.Format(v.CreatedTime),
		UpdatedBy: v.UpdatedBy, UpdatedTime: timefmt.Format(v.UpdatedTime),
	}
	if !v.IsVOD() {
		m.Input = v.Input
	}
	if s := v.Source; s.Width > 0 && s.Height > 0 && s.AspectRatio != "" {
		m.Width, m.Height, m.AspectRatio = proto.Int32(int32(s.Width)), proto.Int32(int32(s.Height)), proto.String(s.AspectRatio) //nolint:gosec // bounded: the size comes from transcode events' int32 fields
	}
	return m
}

func outputs(files []catalog.MediaFile) []*catalogv1.Output {
	return mapList(files, func(f catalog.MediaFile) *catalogv1.Output {
		return &catalogv1.Output{Label: f.Label, Url: f.URL}
	})
}

// Track returns t as a message.
func Track(t catalog.Track) *catalogv1.Track {
	return &catalogv1.Track{Id: t.ID, Kind: t.Kind, Label: t.Label, Language: t.Language, Url: t.URL}
}

// VideoValues returns the client-settable fields of m (nil: none), the
// values of an update.
func VideoValues(m *catalogv1.Video) catalog.Video {
	return catalog.Video{
		Name: m.GetName(), Description: m.GetDescription(), Metadata: m.GetMetadata(), Privacy: m.GetPrivacy(),
		Tags: m.GetTags(), Categories: m.GetCategories(), Enabled: m.GetEnabled(),
		Transcoder: m.GetTranscoder(), Spherical: m.GetSpherical(), Projection: m.GetProjection(),
	}
}

// VideoInput returns a create request as the domain's input.
func VideoInput(in *catalogv1.CreateVideoRequest) catalog.VideoInput {
	return catalog.VideoInput{
		Name: in.GetName(), Input: in.GetInput(), Description: in.GetDescription(), Metadata: in.GetMetadata(), Privacy: in.Privacy,
		Spherical: in.GetSpherical(), Projection: in.GetProjection(), Tags: in.GetTags(), Type: in.Type,
		Categories: in.GetCategories(), Enabled: in.Enabled, Transcoder: in.GetTranscoder(),
	}
}

// VideoFilter returns a list request's filters.
func VideoFilter(in *catalogv1.ListVideosRequest) catalog.VideoFilter {
	return catalog.VideoFilter{
		Status: in.GetStatus(), Privacy: in.GetPrivacy(), Tag: in.GetTag(), Category: in.GetCategory(),
		FolderID: in.GetFolder(), Search: in.GetSearch(), Sort: in.GetSort(), Type: in.GetType(),
		IDs: in.GetId(),
	}
}

// mapList converts every item; it returns an empty list, not nil, for
// none, so lists are [] in JSON.
func mapList[T any, M any](items []T, convert func(T) *M) []*M {
	out := make([]*M, len(items))
	for i, item := range items {
		out[i] = convert(item)
	}
	return out
}

// TrackInput returns a create request as the domain's input.
func TrackInput(in *catalogv1.CreateTrackRequest) catalog.TrackInput {
	return catalog.TrackInput{Label: in.GetLabel(), Language: in.GetLanguage(), Kind: in.GetKind(), URL: in.GetUrl()}
}
