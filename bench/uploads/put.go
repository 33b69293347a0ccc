package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// uploadOne declares a file through the API and PUTs size bytes to its URL,
// generated on the fly so the client holds no file either.
func uploadOne(baseURL, key, name string, size int64) error {
	body := fmt.Sprintf(`{"name": %q, "size": %d}`, name, size)
	req, _ := http.NewRequest(http.MethodPost, baseURL+"/v2/uploads", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var env struct {
		Result struct {
			URL string `json:"url"`
		} `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || env.Result.URL == "" {
		return fmt.Errorf("create upload: status %d, %w", resp.StatusCode, err)
	}
	put, _ := http.NewRequest(http.MethodPut, env.Result.URL, io.LimitReader(pattern{}, size))
	put.ContentLength = size
	putResp, err := http.DefaultClient.Do(put)
	if err != nil {
		return err
	}
	putResp.Body.Close()
	if putResp.StatusCode != http.StatusOK {
		return fmt.Errorf("PUT %s: status %d", name, putResp.StatusCode)
	}
	return nil
}

// pattern is an endless cheap byte stream.
type pattern struct{}

func (pattern) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(i * 31)
	}
	return len(p), nil
}
