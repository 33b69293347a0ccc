package store

import (
	"errors"

	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

// videoLists are a video's jsonb columns, encoded.
type videoLists struct {
	outputs, tracks, cards, gates, hotspots, chapters []byte
}

func encodeLists(v catalog.Video) videoLists {
	return videoLists{
		outputs:  encodeList(v.Outputs, fileToJSON),
		tracks:   encodeList(v.Tracks, trackToJSON),
		cards:    encodeList(v.Cards, cardToJSON),
		gates:    encodeList(v.Gates, gateToJSON),
		hotspots: encodeList(v.Hotspots, hotspotToJSON),
		chapters: encodeList(v.Chapters, chapterToJSON),
	}
}

// video converts a row; only a corrupt jsonb column makes it fail.
func video(row db.Video) (catalog.Video, error) {
	v := catalog.Video{
		ID: row.ID, AccountID: row.AccountID, Type: row.Type, Name: row.Name,
		Description: row.Description, Metadata: row.Metadata, Input: row.Input, SourceObjectKey: row.SourceObjectKey,
		Thumbnail:   catalog.MediaFile{Path: row.ThumbnailPath},
		Sprite:      catalog.MediaFile{Path: row.SpritePath},
		SpriteIndex: catalog.MediaFile{Path: row.SpriteIndexPath},
		Duration:    row.Duration, Width: int(row.Width), Height: int(row.Height),
		Source:  catalog.SourceFrame{Width: int(row.SourceWidth), Height: int(row.SourceHeight), AspectRatio: row.AspectRatio},
		Privacy: row.Privacy, Categories: row.Categories, Enabled: row.Enabled,
		Transcoder: row.Transcoder, Profile: profiles.Name(row.Profile), Spherical: row.Spherical, Projection: row.Projection,
		Progress: int(row.Progress), Status: row.Status, StatusReason: row.StatusReason, Tags: row.Tags,
		Audit: audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}
	var errs [6]error
	v.Outputs, errs[0] = decodeList(row.Outputs, fileFromJSON)
	v.Tracks, errs[1] = decodeList(row.Tracks, trackFromJSON)
	v.Cards, errs[2] = decodeList(row.Cards, cardFromJSON)
	v.Gates, errs[3] = decodeList(row.Gates, gateFromJSON)
	v.Hotspots, errs[4] = decodeList(row.Hotspots, hotspotFromJSON)
	v.Chapters, errs[5] = decodeList(row.Chapters, chapterFromJSON)
	return v, errors.Join(errs[:]...)
}

// videoResult converts the row of a single-row query, keeping the query's
// error first.
func videoResult(row db.Video, err error, doing string) (catalog.Video, error) {
	if err != nil {
		return catalog.Video{}, mapError(err, doing)
	}
	return video(row)
}
