package mailpit

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
)

// Summary is one entry of GET /api/v1/messages.
type Summary struct {
	ID      string    `json:"ID"`
	Subject string    `json:"Subject"`
	To      []Address `json:"To"`
}

// Address is a Mailpit address object.
type Address struct {
	Name    string `json:"Name"`
	Address string `json:"Address"`
}

// Message is GET /api/v1/message/{ID}.
type Message struct {
	ID      string    `json:"ID"`
	From    Address   `json:"From"`
	To      []Address `json:"To"`
	Subject string    `json:"Subject"`
	Text    string    `json:"Text"`
}

// Messages lists the caught messages, newest first.
func (s *Server) Messages(ctx context.Context) ([]Summary, error) {
	var out struct {
		Messages []Summary `json:"messages"`
	}
	return out.Messages, s.get(ctx, "/api/v1/messages", &out)
}

// Message reads one caught message in full.
func (s *Server) Message(ctx context.Context, id string) (Message, error) {
	var out Message
	return out, s.get(ctx, "/api/v1/message/"+url.PathEscape(id), &out)
}

func (s *Server) get(ctx context.Context, path string, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("mailpit: %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("mailpit: %s: %s", path, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(into)
}
