package store

import (
	"context"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

func (r reader) GetVideo(ctx context.Context, accountID, id string) (catalog.Video, error) {
	row, err := r.q.GetVideo(ctx, db.GetVideoParams{AccountID: accountID, ID: id})
	return videoResult(row, err, "get video")
}

func (r reader) FindVideo(ctx context.Context, id string) (catalog.Video, error) {
	row, err := r.q.FindVideo(ctx, id)
	return videoResult(row, err, "find video")
}

func (r reader) ListVideos(ctx context.Context, accountID string, f catalog.VideoFilter, req page.Request) ([]catalog.Video, error) {
	var rows []db.Video
	var err error
	if f.Newest() {
		rows, err = r.listNewest(ctx, accountID, f, req)
	} else {
		rows, err = r.q.ListVideos(ctx, db.ListVideosParams{
			AccountID: accountID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID,
			Status: f.Status, Privacy: f.Privacy, Tag: f.Tag, Category: f.Category, FolderID: f.FolderID,
			SearchPattern: searchPattern(f.Search), Type: f.Type, Ids: nonNilIDs(f.IDs), RowLimit: req.FetchLimit(),
		})
	}
	if err != nil {
		return nil, mapError(err, "list videos")
	}
	out := make([]catalog.Video, len(rows))
	for i, row := range rows {
		if out[i], err = video(row); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// farFuture starts a newest-first list: every video was created before it.
var farFuture = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)

// listNewest walks the keyset backwards; the cursor is the last video of
// the page before, as in the oldest-first list.
func (r reader) listNewest(ctx context.Context, accountID string, f catalog.VideoFilter, req page.Request) ([]db.Video, error) {
	before, beforeID := req.Cursor.Time, req.Cursor.ID
	if req.Cursor.IsZero() {
		before, beforeID = farFuture, ""
	}
	return r.q.ListVideosNewest(ctx, db.ListVideosNewestParams{
		AccountID: accountID, BeforeTime: before, BeforeID: beforeID,
		Status: f.Status, Privacy: f.Privacy, Tag: f.Tag, Category: f.Category, FolderID: f.FolderID,
		SearchPattern: searchPattern(f.Search), Type: f.Type, Ids: nonNilIDs(f.IDs), RowLimit: req.FetchLimit(),
	})
}

// nonNilIDs is ids as the query's array: empty, not NULL, when the list
// names none (cardinality of NULL is NULL, which would match nothing).
func nonNilIDs(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return ids
}

// likeEscaper makes search text literal inside an ILIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// searchPattern matches names containing text, or is "" for no search.
func searchPattern(text string) string {
	if text == "" {
		return ""
	}
	return "%" + likeEscaper.Replace(text) + "%"
}

func (w writer) InsertVideo(ctx context.Context, accountID, actorID string, v catalog.Video) (catalog.Video, error) {
	l := encodeLists(v)
	row, err := w.q.InsertVideo(ctx, db.InsertVideoParams{
		ID: v.ID, AccountID: accountID, ActorID: actorID, Type: v.Type, Name: v.Name,
		Description: v.Description, Metadata: v.Metadata, Input: v.Input, SourceObjectKey: v.SourceObjectKey, Outputs: l.outputs,
		ThumbnailPath: v.Thumbnail.Path, SpritePath: v.Sprite.Path, SpriteIndexPath: v.SpriteIndex.Path,
		Duration: v.Duration, Width: int32(v.Width), Height: int32(v.Height), Privacy: v.Privacy, //nolint:gosec // bounded: the size comes from transcode events' int32 fields
		SourceWidth: int32(v.Source.Width), SourceHeight: int32(v.Source.Height), AspectRatio: v.Source.AspectRatio, //nolint:gosec // bounded: as above
		Categories: v.Categories, Enabled: v.Enabled, Transcoder: v.Transcoder, Profile: string(v.Profile), Spherical: v.Spherical,
		Projection: v.Projection, Tracks: l.tracks, Cards: l.cards, Gates: l.gates, Hotspots: l.hotspots,
		Chapters: l.chapters, Progress: int32(v.Progress), Status: v.Status, StatusReason: v.StatusReason, Tags: v.Tags, //nolint:gosec // bounded: progress is a percentage from transcode events' int32 field
	})
	return videoResult(row, err, "insert video")
}

func (w writer) LockVideo(ctx context.Context, accountID, id string) (catalog.Video, error) {
	row, err := w.q.LockVideo(ctx, db.LockVideoParams{AccountID: accountID, ID: id})
	return videoResult(row, err, "lock video")
}

func (w writer) LockVideoForMedia(ctx context.Context, accountID, id string) (catalog.Video, error) {
	row, err := w.q.LockVideoForMedia(ctx, db.LockVideoForMediaParams{AccountID: accountID, ID: id})
	return videoResult(row, err, "lock video for media")
}

func (w writer) UpdateVideo(ctx context.Context, accountID, actorID string, v catalog.Video) (catalog.Video, error) {
	l := encodeLists(v)
	row, err := w.q.UpdateVideo(ctx, db.UpdateVideoParams{
		ID: v.ID, AccountID: accountID, ActorID: actorID, Name: v.Name,
		Description: v.Description, Metadata: v.Metadata, Input: v.Input, SourceObjectKey: v.SourceObjectKey, Outputs: l.outputs,
		ThumbnailPath: v.Thumbnail.Path, SpritePath: v.Sprite.Path, SpriteIndexPath: v.SpriteIndex.Path,
		Duration: v.Duration, Width: int32(v.Width), Height: int32(v.Height), Privacy: v.Privacy, //nolint:gosec // bounded: the size comes from transcode events' int32 fields
		SourceWidth: int32(v.Source.Width), SourceHeight: int32(v.Source.Height), AspectRatio: v.Source.AspectRatio, //nolint:gosec // bounded: as above
		Categories: v.Categories, Enabled: v.Enabled, Transcoder: v.Transcoder, Spherical: v.Spherical,
		Projection: v.Projection, Tracks: l.tracks, Cards: l.cards, Gates: l.gates, Hotspots: l.hotspots,
		Chapters: l.chapters, Progress: int32(v.Progress), Status: v.Status, StatusReason: v.StatusReason, Tags: v.Tags, //nolint:gosec // bounded: progress is a percentage from transcode events' int32 field
	})
	return videoResult(row, err, "update video")
}

func (w writer) DeleteVideo(ctx context.Context, accountID, id string) (catalog.Video, error) {
	row, err := w.q.DeleteVideo(ctx, db.DeleteVideoParams{AccountID: accountID, ID: id})
	return videoResult(row, err, "delete video")
}

func (r reader) MissingCategories(ctx context.Context, accountID string, values []string) ([]string, error) {
	missing, err := r.q.MissingCategories(ctx, db.MissingCategoriesParams{AccountID: accountID, Values: values})
	return missing, mapError(err, "check categories")
}

func (r reader) VideoUsage(ctx context.Context, accountID string) (catalog.VideoUsage, error) {
	row, err := r.q.VideoUsage(ctx, accountID)
	if err != nil {
		return catalog.VideoUsage{}, mapError(err, "video usage")
	}
	return catalog.VideoUsage{
		Videos: int(row.Videos), ReadyVideos: int(row.ReadyVideos), DurationSeconds: row.DurationSeconds,
		LiveEvents: int(row.LiveEvents), LiveNow: int(row.LiveNow),
	}, nil
}
