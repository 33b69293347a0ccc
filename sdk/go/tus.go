package vidhost

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"strconv"
)

// tusVersion is the protocol version every tus request names.
const tusVersion = "1.0.0"

// tusTransfer is one file's trip through the tus protocol.
type tusTransfer struct {
	client    *Client
	params    UploadParams
	chunkSize int64
}

// create declares the upload (POST) and returns where to send its bytes.
func (t *tusTransfer) create(ctx context.Context) (TusUpload, error) {
	endpoint := t.client.url("/v2/uploads/tus/", nil)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, http.NoBody)
	if err != nil {
		return TusUpload{}, err
	}
	t.client.authorize(req)
	req.Header.Set("Tus-Resumable", tusVersion)
	req.Header.Set("Upload-Length", strconv.FormatInt(t.params.Size, 10))
	req.Header.Set("Upload-Metadata", metadata(t.params.Name))
	resp, err := t.client.httpClient.Do(req)
	if err != nil {
		return TusUpload{}, fmt.Errorf("vidhost: create upload: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		_, err := decodeEnvelope(resp)
		return TusUpload{}, failure(resp, err)
	}
	location, err := req.URL.Parse(resp.Header.Get("Location"))
	if err != nil || resp.Header.Get("Location") == "" {
		return TusUpload{}, fmt.Errorf("vidhost: create upload: no usable Location (%q)", resp.Header.Get("Location"))
	}
	return TusUpload{URL: location.String(), ID: resp.Header.Get("Vidhost-Upload-Id")}, nil
}

// metadata is the Upload-Metadata header: the file name, and its type when
// the extension tells it.
func metadata(name string) string {
	md := "filename " + base64.StdEncoding.EncodeToString([]byte(name))
	if typ := mime.TypeByExtension(filepath.Ext(name)); typ != "" {
		md += ",filetype " + base64.StdEncoding.EncodeToString([]byte(typ))
	}
	return md
}

// head asks how many bytes the server kept; errStale when it forgot the
// upload or its window closed.
func (t *tusTransfer) head(ctx context.Context, location string) (int64, error) {
	resp, err := t.client.send(ctx, http.MethodHead, location, nil, func(h http.Header) {
		h.Set("Tus-Resumable", tusVersion)
	})
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK, http.StatusNoContent:
	case http.StatusNotFound, http.StatusGone, http.StatusForbidden:
		return 0, errStale
	default:
		return 0, &Error{Status: resp.StatusCode, Message: "HEAD of the upload: " + resp.Status}
	}
	if length := resp.Header.Get("Upload-Length"); length != "" && length != strconv.FormatInt(t.params.Size, 10) {
		return 0, errStale // another file under the same name: start over
	}
	return strconv.ParseInt(resp.Header.Get("Upload-Offset"), 10, 64)
}

// sendFrom sends the bytes from offset to the end. After a failed PATCH it
// asks the server where it stands and goes on from there, up to the retry
// policy's attempts in a row without progress.
func (t *tusTransfer) sendFrom(ctx context.Context, location string, offset int64) error {
	failures := 0
	for offset < t.params.Size {
		next, err := t.patch(ctx, location, offset)
		if err == nil {
			offset, failures = next, 0
			continue
		}
		var apiErr *Error
		if errors.As(err, &apiErr) && !resumable(apiErr.Status) {
			return err // refused for good (expired, quota...): resuming will not help
		}
		if failures++; failures >= max(t.client.retry.MaxAttempts, 1) || ctx.Err() != nil {
			return err
		}
		if err := sleep(ctx, t.client.retry.delay(failures, nil)); err != nil {
			return err
		}
		if offset, err = t.head(ctx, location); err != nil {
			return err
		}
		t.report(offset)
	}
	return nil
}

// patch sends one chunk from offset and returns the server's new offset.
func (t *tusTransfer) patch(ctx context.Context, location string, offset int64) (int64, error) {
	n := t.params.Size - offset
	if t.chunkSize > 0 {
		n = min(n, t.chunkSize)
	}
	body := &progressReader{r: io.NewSectionReader(t.params.Body, offset, n), at: offset, report: t.report}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, location, body)
	if err != nil {
		return 0, err
	}
	req.ContentLength = n
	t.client.authorize(req)
	req.Header.Set("Tus-Resumable", tusVersion)
	req.Header.Set("Upload-Offset", strconv.FormatInt(offset, 10))
	req.Header.Set("Content-Type", "application/offset+octet-stream")
	resp, err := t.client.httpClient.Do(req)
	if err != nil {
		return 0, fmt.Errorf("vidhost: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent && resp.StatusCode != http.StatusOK {
		_, err := decodeEnvelope(resp)
		return 0, failure(resp, err)
	}
	return strconv.ParseInt(resp.Header.Get("Upload-Offset"), 10, 64)
}

func (t *tusTransfer) report(sent int64) {
	if t.params.Progress != nil {
		t.params.Progress(sent, t.params.Size)
	}
}

// failure is the error of a tus response that is not a success, whether or
// not its body was an envelope.
func failure(resp *http.Response, err error) error {
	var apiErr *Error
	if errors.As(err, &apiErr) {
		return apiErr
	}
	return &Error{Status: resp.StatusCode, Message: resp.Status}
}

// progressReader reports the offset reached as the HTTP client reads.
type progressReader struct {
	r      io.Reader
	at     int64
	report func(int64)
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.at += int64(n)
	if n > 0 {
		p.report(p.at)
	}
	return n, err
}

// resumable reports whether a failed PATCH is worth a HEAD and another try:
// the server failed or shed load, the offset moved under us (409), or the
// upload is still locked by a request the network dropped (423).
func resumable(status int) bool {
	return retryable(status) || status == http.StatusConflict || status == http.StatusLocked
}
