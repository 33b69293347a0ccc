package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/uploadref"
)

// pollInterval is how often the video is read while it transcodes; it
// bounds the error of both measured times.
const pollInterval = 100 * time.Millisecond

// gateway is a client of a running devstack's /v2 API.
type gateway struct {
	url, key string
}

// readDevstackEnv reads VIDHOST_URL and VIDHOST_API_KEY from the file the
// devstack writes.
func readDevstackEnv(path string) (gateway, error) {
	saved, err := config.ReadEnvFile(path)
	if err != nil {
		return gateway{}, err
	}
	g := gateway{url: saved["VIDHOST_URL"], key: saved["VIDHOST_API_KEY"]}
	if g.url == "" || g.key == "" {
		return g, fmt.Errorf("%s has no VIDHOST_URL or VIDHOST_API_KEY", path)
	}
	return g, nil
}

// runGateway uploads source as a user would, creates a video from it
// (POST /v2/videos) and reads it until it is ready: first playable is the
// first read that lists an output while the video is still processing.
func runGateway(envPath, source string) (serviceRun, error) {
	g, err := readDevstackEnv(envPath)
	if err != nil {
		return serviceRun{}, err
	}
	ref, err := g.upload(source)
	if err != nil {
		return serviceRun{}, err
	}
	var created struct{ ID string }
	start := time.Now()
	if err := g.call("POST", "/v2/videos", map[string]string{"name": "bench", "input": ref}, &created); err != nil {
		return serviceRun{}, err
	}
	return g.await(created.ID, start)
}

func (g gateway) await(id string, start time.Time) (serviceRun, error) {
	var run serviceRun
	deadline := start.Add(jobTimeout)
	for time.Now().Before(deadline) {
		var v struct {
			Status       string
			StatusReason string `json:"status_reason"`
			Outputs      []struct{ Label string }
		}
		if err := g.call("GET", "/v2/videos/"+id, nil, &v); err != nil {
			return run, err
		}
		switch {
		case v.Status == "ready":
			run.ready = time.Since(start)
			return run, nil
		case v.Status == "error":
			return run, fmt.Errorf("the video failed: %s", v.StatusReason)
		case len(v.Outputs) > 0 && run.firstPlayable == 0:
			run.firstPlayable = time.Since(start)
		}
		time.Sleep(pollInterval)
	}
	return run, fmt.Errorf("video %s not ready after %s", id, jobTimeout)
}

// upload sends source through a presigned PUT and returns its reference.
func (g gateway) upload(source string) (string, error) {
	data, err := os.ReadFile(source)
	if err != nil {
		return "", err
	}
	var u struct{ ID, URL string }
	if err := g.call("POST", "/v2/uploads", map[string]any{"name": "bench.mp4", "size": len(data)}, &u); err != nil {
		return "", err
	}
	req, err := http.NewRequest("PUT", u.URL, bytes.NewReader(data))
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("PUT upload: %s", resp.Status)
	}
	return uploadref.Format(u.ID), nil
}

// call sends a JSON request and decodes the envelope's result into out.
func (g gateway) call(method, path string, body, out any) error {
	var payload bytes.Buffer
	if body != nil {
		if err := json.NewEncoder(&payload).Encode(body); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, g.url+path, &payload)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+g.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var envelope struct {
		Success bool
		Result  json.RawMessage
		Errors  []struct{ Message string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&envelope); err != nil {
		return fmt.Errorf("%s %s: %s: %w", method, path, resp.Status, err)
	}
	if !envelope.Success {
		return fmt.Errorf("%s %s: %s %v", method, path, resp.Status, envelope.Errors)
	}
	return json.Unmarshal(envelope.Result, out)
}
