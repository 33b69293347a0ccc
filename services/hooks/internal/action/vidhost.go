package action

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
)

// SourceURLTTL is how long the signed URL of the video's MP4 handed to the
// other instance lives: long enough for its worker to fetch it after a
// queue, short enough to be worthless soon after.
const SourceURLTTL = 6 * time.Hour

// maxAnswerBytes is how much of the other instance's answer is read.
const maxAnswerBytes = 64 << 10

// Vidhost creates the video on another Vidhost instance:
// POST <base_url>/videos with the service's API key and, as input, a
// signed URL of the video's best MP4.
type Vidhost struct {
	// Client is SSRF-guarded and follows no redirect.
	Client *http.Client
	// Objects is this instance's blob store; nil when not configured.
	Objects blob.Store
	// Timeout bounds one attempt.
	Timeout time.Duration
}

// Run makes one attempt.
func (v Vidhost) Run(ctx context.Context, j Job) Result {
	if v.Objects == nil {
		return Result{Err: ErrNoBlobStore}
	}
	vid, err := videoOf(j.Delivery)
	if err != nil {
		return Result{Err: err}
	}
	objects, err := videoObjects(ctx, v.Objects, j.Delivery.AccountID, vid.ID)
	if err != nil {
		return Result{Err: err}
	}
	mp4, ok := bestMP4(objects)
	if !ok {
		return Result{Err: errors.New("the video has no MP4 output to send")}
	}
	source, err := v.Objects.PresignGet(ctx, mp4.Key, SourceURLTTL)
	if err != nil {
		return Result{Err: fmt.Errorf("action: sign the MP4's URL: %w", err)}
	}
	ctx, cancel := context.WithTimeout(ctx, v.Timeout)
	defer cancel()
	start := time.Now()
	status, answer, err := v.post(ctx, j, "/videos", insertBody(vid, source, j.Params))
	result := Result{Status: status, Latency: time.Since(start), Err: err}
	if err != nil || j.Params["folder"] == "" {
		return result
	}
	var created struct {
		Result struct {
			ID string `json:"id"`
		} `json:"result"` // the /v2 envelope
	}
	if err := json.Unmarshal(answer, &created); err != nil || created.Result.ID == "" {
		result.Err = errors.New("the other instance answered without the new video's id")
		return result
	}
	folderPath := "/folders/" + url.PathEscape(j.Params["folder"]) + "/videos/" + url.PathEscape(created.Result.ID)
	result.Status, _, result.Err = v.post(ctx, j, folderPath, nil)
	if result.Err != nil {
		result.Err = fmt.Errorf("video %s created, not filed in folder %s: %w", created.Result.ID, j.Params["folder"], result.Err)
	}
	result.Latency = time.Since(start)
	return result
}

// insertBody is the new video: the params' name template, privacy and tags.
func insertBody(vid video, source string, params map[string]string) map[string]any {
	name := vid.Name
	if tmpl := params["name"]; tmpl != "" {
		name = strings.NewReplacer("{name}", vid.Name, "{id}", vid.ID).Replace(tmpl)
		if len([]rune(name)) > 100 {
			name = string([]rune(name)[:100])
		}
	}
	body := map[string]any{"name": name, "input": source}
	if privacy := params["privacy"]; privacy != "" {
		body["privacy"] = privacy
	}
	if tags := params["tags"]; tags != "" {
		body["tags"] = strings.Split(tags, ",")
	}
	return body
}

// post sends one JSON request to the other instance's API.
func (v Vidhost) post(ctx context.Context, j Job, apiPath string, body any) (int, []byte, error) {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return 0, nil, err
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, apiURL(j.Service.BaseURL, apiPath), bytes.NewReader(payload))
	if err != nil {
		return 0, nil, fmt.Errorf("action: %w", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+j.Service.Credentials.APIKey)
	req.Header.Set("User-Agent", "Vidhost-Hooks/1")
	resp, err := v.Client.Do(req)
	if err != nil {
		return 0, nil, explain(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, answer, fmt.Errorf("the other instance answered %s: %s", resp.Status, truncate(answer))
	}
	return resp.StatusCode, answer, nil
}

// apiURL joins the service's base URL and an API path: a base URL that
// ends in /v2 is the API's root, any other gets /v2 added.
func apiURL(base, apiPath string) string {
	base = strings.TrimRight(base, "/")
	if !strings.HasSuffix(base, "/v2") {
		base += "/v2"
	}
	return base + apiPath
}
