package browsertest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web"
)

// lead is a gate submission as the player POSTs it.
type lead struct {
	GateID   string            `json:"gate_id"`
	Fields   map[string]string `json:"fields"`
	Checkbox bool              `json:"checkbox"`
}

// viewEvent is an analytics event as the player POSTs it, with an error's
// experience fields.
type viewEvent struct {
	Event      string `json:"event"`
	VideoID    string `json:"video_id"`
	PlayerID   string `json:"player_id"`
	Ticket     string `json:"ticket"`
	ErrorClass string `json:"error_class"`
	Fatal      bool   `json:"fatal"`
	BeforePlay bool   `json:"before_play"`
}

// site is the gateway stand-in: the page from RenderPlayer, the bundle from
// StaticHandler, the media files, and endpoints that record what the player
// sends.
type site struct {
	server *httptest.Server

	mu            sync.Mutex
	leads         []lead
	views         []viewEvent
	mediaRequests []string
}

func newSite(t *testing.T, page web.PlayerPage) *site {
	t.Helper()
	s := &site{}
	mux := http.NewServeMux()
	mux.Handle(web.StaticPath, web.StaticHandler())
	mux.Handle("/media/", s.logMedia(http.StripPrefix("/media/", http.FileServer(http.Dir(TestMedia(t))))))
	mux.HandleFunc("GET /embed/v1", func(w http.ResponseWriter, _ *http.Request) {
		if err := web.RenderPlayer(w, page); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	mux.HandleFunc("GET /disabled", func(w http.ResponseWriter, _ *http.Request) {
		web.RenderMessage(w, http.StatusNotFound, "This video is unavailable", "Its owner has disabled it.")
	})
	mux.HandleFunc("POST /leads", s.recordLead)
	mux.HandleFunc("POST /collect", s.recordView)
	s.server = httptest.NewServer(mux)
	t.Cleanup(s.server.Close)
	return s
}

func (s *site) url(path string) string { return s.server.URL + path }

func (s *site) recordLead(w http.ResponseWriter, r *http.Request) {
	var submitted lead
	if err := json.NewDecoder(r.Body).Decode(&submitted); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.leads = append(s.leads, submitted)
	s.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
}

func (s *site) recordView(w http.ResponseWriter, r *http.Request) {
	var view viewEvent
	if err := json.NewDecoder(r.Body).Decode(&view); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.views = append(s.views, view)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (s *site) recordedViews() []viewEvent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]viewEvent(nil), s.views...)
}

func (s *site) recordedLeads() []lead {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]lead(nil), s.leads...)
}

func (s *site) logMedia(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.mediaRequests = append(s.mediaRequests, r.URL.Path)
		s.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

// segmentsFetched lists the media segments requested from one rendition
// directory (v0 high, v1 low).
func (s *site) segmentsFetched(rendition string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var fetched []string
	for _, path := range s.mediaRequests {
		if strings.HasPrefix(path, "/media/"+rendition+"/seg") {
			fetched = append(fetched, path)
		}
	}
	return fetched
}

// embedPage is a ready 10 s video with the test stream, as the gateway
// would describe it; tests adjust what they exercise.
func embedPage(t *testing.T, adjust func(*web.PlayerPage)) web.PlayerPage {
	t.Helper()
	player := web.DefaultPlayer()
	player.ID = "p1"
	player.Muted = true
	page := web.PlayerPage{Mode: web.ModeEmbed, Config: web.PlayerConfig{
		Video: web.VideoConfig{
			ID: "v1", Name: "Test pattern", Duration: MediaSeconds,
			Sources:   web.Sources{HLS: "/media/master.m3u8"},
			SpriteVTT: "/media/sprite.vtt",
		},
		Player:     player,
		LeadURL:    "/leads",
		CollectURL: "/collect", ViewTicket: "ticket-of-this-page",
	}}
	if adjust != nil {
		adjust(&page)
	}
	require.NotEmpty(t, page.Config.Video.Sources.HLS)
	return page
}
