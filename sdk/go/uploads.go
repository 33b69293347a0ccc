package vidhost

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// UploadsService sends files and lists or deletes uploads. Send speaks tus
// 1.0 to /v2/uploads/tus/ (docs/uploads.md): an interrupted transfer goes on
// from the offset the server kept, within a call after a network error and
// across runs through UploadParams.Resume. The Collection's Create is the
// other flow, POST /v2/uploads, which answers a presigned PUT URL.
type UploadsService struct {
	*Collection[Upload]
	client    *Client
	chunkSize int64
}

// defaultChunkSize bounds one PATCH: small enough that a failure costs little
// besides the bytes already kept, large enough that requests are few.
const defaultChunkSize = 64 << 20

// TusUpload names a tus upload in progress, so a later run can resume it.
type TusUpload struct {
	// URL is the upload's tus URL (the creation's Location).
	URL string `json:"url"`
	// ID is the Upload's id; the video's input is svc://uploads/<ID>.
	ID string `json:"id"`
}

// UploadParams says what to send.
type UploadParams struct {
	// Name is the file name: .jpg is a thumbnail, .vtt a track, anything
	// else a video, which the server reads by its content (.mp4, .webm, .ts...).
	Name string
	// Size is the number of bytes of Body to send.
	Size int64
	// Body is read at offsets, so a resumed upload skips what the server has.
	Body io.ReaderAt
	// Resume continues an earlier upload of the same file. If the server no
	// longer knows it (expired, deleted) a new upload starts.
	Resume *TusUpload
	// OnCreate is called once a new upload exists, before any byte is sent:
	// save it to resume after a crash.
	OnCreate func(TusUpload)
	// Progress is called as bytes go out with the total the server will have
	// once they arrive; after a failed request it may go back to what the
	// server actually kept.
	Progress func(sent, total int64)
}

// UploadResult is a finished upload.
type UploadResult struct {
	TusUpload
	// Resumed tells whether bytes sent by an earlier attempt were kept.
	Resumed bool
}

// Reference is what a video's input names: svc://uploads/<id>.
func (r UploadResult) Reference() string { return "svc://uploads/" + r.ID }

// ErrEmptyUpload is a file of no bytes: the server refuses those, so Send
// does not ask.
var ErrEmptyUpload = errors.New("vidhost: the file is empty")

// Send uploads p.Body with tus and returns once the server stored the file.
func (s *UploadsService) Send(ctx context.Context, p UploadParams) (*UploadResult, error) {
	if p.Size == 0 {
		return nil, ErrEmptyUpload
	}
	if p.Size < 0 || p.Body == nil || p.Name == "" {
		return nil, errors.New("vidhost: UploadParams needs a Name, a Body and a positive Size")
	}
	t := tusTransfer{client: s.client, params: p, chunkSize: s.chunkSize}
	return t.run(ctx)
}

// SendFile uploads the file at path under its base name; the other fields of
// p (Resume, OnCreate, Progress) apply as in Send.
func (s *UploadsService) SendFile(ctx context.Context, path string, p UploadParams) (*UploadResult, error) {
	f, err := os.Open(path) //nolint:gosec // the caller chose the file to upload
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if p.Name == "" {
		p.Name = filepath.Base(path)
	}
	p.Body, p.Size = f, info.Size()
	return s.Send(ctx, p)
}

// errStale is a resume URL the server no longer accepts.
var errStale = errors.New("vidhost: the upload to resume is gone")

func (t *tusTransfer) run(ctx context.Context) (*UploadResult, error) {
	res := &UploadResult{}
	offset := int64(-1)
	if r := t.params.Resume; r != nil && r.URL != "" {
		var err error
		offset, err = t.head(ctx, r.URL)
		switch {
		case errors.Is(err, errStale):
			offset = -1
		case err != nil:
			return nil, err
		default:
			res.TusUpload, res.Resumed = *r, offset > 0
			t.report(offset) // a progress bar starts where the server is
		}
	}
	if offset < 0 {
		created, err := t.create(ctx)
		if err != nil {
			return nil, err
		}
		res.TusUpload, offset = created, 0
		if t.params.OnCreate != nil {
			t.params.OnCreate(created)
		}
	}
	if err := t.sendFrom(ctx, res.URL, offset); err != nil {
		return nil, fmt.Errorf("upload %s: %w", t.params.Name, err)
	}
	return res, nil
}
