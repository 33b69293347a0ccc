package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// PlaybackVideo returns what a player needs of v, with media as paths in
// the video's media folder (the playback edge signs their URLs).
func PlaybackVideo(v catalog.Video) *catalogv1.PlaybackVideo {
	return &catalogv1.PlaybackVideo{
		VideoId: v.ID, AccountId: v.AccountID, Type: v.Type, Privacy: v.Privacy, Enabled: v.Enabled,
		Status: v.Status, Name: v.Name, Duration: v.Duration,
		Outputs: mapList(v.Outputs, func(f catalog.MediaFile) *catalogv1.PlaybackOutput {
			return &catalogv1.PlaybackOutput{Label: f.Label, Path: f.Path}
		}),
		ThumbnailPath: v.Thumbnail.Path, SpritePath: v.Sprite.Path, SpriteIndexPath: v.SpriteIndex.Path,
		Spherical: v.Spherical, Projection: v.Projection, Width: int32(v.Width), Height: int32(v.Height), //nolint:gosec // bounded: the size comes from transcode events' int32 fields
		Cards: mapList(v.Cards, Card), Gates: mapList(v.Gates, Gate), Hotspots: mapList(v.Hotspots, Hotspot),
		Chapters: mapList(v.Chapters, Chapter),
		Tracks: mapList(v.Tracks, func(t catalog.Track) *catalogv1.Track {
			return &catalogv1.Track{Id: t.ID, Kind: t.Kind, Label: t.Label, Language: t.Language, Url: t.Path}
		}),
	}
}
