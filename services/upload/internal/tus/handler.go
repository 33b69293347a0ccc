package tus

import (
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/memorylocker"

	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// BasePath is where the tus endpoint lives, on the upload service's HTTP
// listener and, proxied unchanged, on the gateway.
const BasePath = "/v2/uploads/tus/"

// Config configures the tus endpoint.
type Config struct {
	Uploads *upload.Service
	Backend Backend
	// GatewayKey verifies the calls the gateway signs into headers: only
	// the gateway proxies to this endpoint.
	GatewayKey []byte
	// PublicURL, if set, is the gateway's public URL; tus upload URLs
	// (Location) start with it. Otherwise they are built from the request's
	// Host and the X-Forwarded-Host/-Proto headers the gateway sets.
	PublicURL string
	Logger    *slog.Logger
}

// NewHandler returns the tus endpoint, to be mounted at BasePath (it strips
// the prefix itself).
func NewHandler(cfg Config) (http.Handler, error) {
	composer := handler.NewStoreComposer()
	store := cfg.Backend.dataStore()
	composer.UseCore(recordingStore{dataStore: store, backend: cfg.Backend, uploads: cfg.Uploads, logger: cfg.Logger})
	composer.UseTerminater(store)
	// One lock per upload inside this process: the upload service runs as
	// one replica, or behind routing that keeps an upload on one replica.
	memorylocker.New().UseIn(composer)
	h := hooks{uploads: cfg.Uploads, backend: cfg.Backend, logger: cfg.Logger}
	tusd, err := handler.NewHandler(handler.Config{
		StoreComposer:             composer,
		BasePath:                  basePath(cfg.PublicURL),
		RespectForwardedHeaders:   cfg.PublicURL == "",
		DisableDownload:           true, // objects are read through the blob store
		DisableConcatenation:      true, // every upload is one Upload with one quota check
		PreUploadCreateCallback:   h.preCreate,
		PreFinishResponseCallback: h.preFinish,
		Cors:                      &cors,
		Logger:                    tusLogger(cfg.Logger),
	})
	if err != nil {
		return nil, fmt.Errorf("tus: %w", err)
	}
	checked := access{next: tusd, uploads: cfg.Uploads, backend: cfg.Backend, gatewayKey: cfg.GatewayKey, now: time.Now}
	return http.StripPrefix(strings.TrimSuffix(BasePath, "/"), checked), nil
}

func basePath(publicURL string) string {
	if publicURL == "" {
		return BasePath
	}
	return strings.TrimSuffix(publicURL, "/") + BasePath
}

// cors is tusd's default with the upload id headers exposed to browsers.
var cors = func() handler.CorsConfig {
	c := handler.DefaultCorsConfig
	c.ExposeHeaders += ", " + HeaderUploadID + ", " + HeaderUploadReference
	return c
}()
