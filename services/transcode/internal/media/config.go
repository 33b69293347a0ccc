package media

import (
	"reflect"
	"time"
)

// Config is the transcoder's setup. Zero fields, including single fields
// of Limits and Sprite, take the defaults.
type Config struct {
	FFmpeg  string       // binary name or path; "ffmpeg"
	FFprobe string       // binary name or path; "ffprobe"
	Limits  Limits       // DefaultLimits()
	Ladder  []Rung       // DefaultLadder()
	Sprite  SpriteConfig // DefaultSprite()
	Metric  Metric       // what the adaptive ladder's analysis scores pictures with; SSIM{}
	Chunks  ChunkConfig  // DefaultChunks(): how a Job.Chunked output is split
}

// Transcoder runs media jobs. It holds no state between jobs, so one value
// serves concurrent jobs.
type Transcoder struct {
	cfg Config
	now func() time.Time // progress throttling clock
}

// New fills the defaults in cfg.
func New(cfg Config) *Transcoder {
	if cfg.FFmpeg == "" {
		cfg.FFmpeg = "ffmpeg"
	}
	if cfg.FFprobe == "" {
		cfg.FFprobe = "ffprobe"
	}
	if len(cfg.Ladder) == 0 {
		cfg.Ladder = DefaultLadder()
	}
	if cfg.Metric == nil {
		cfg.Metric = SSIM{}
	}
	cfg.Limits = orDefaults(cfg.Limits, DefaultLimits())
	cfg.Sprite = orDefaults(cfg.Sprite, DefaultSprite())
	cfg.Chunks = orDefaults(cfg.Chunks, DefaultChunks())
	return &Transcoder{cfg: cfg, now: time.Now}
}

// orDefaults fills the zero fields of a flat struct of numbers from defaults.
func orDefaults[T Limits | SpriteConfig | ChunkConfig](value, defaults T) T {
	got, fallback := reflect.ValueOf(&value).Elem(), reflect.ValueOf(defaults)
	for i := range got.NumField() {
		if got.Field(i).IsZero() {
			got.Field(i).Set(fallback.Field(i))
		}
	}
	return value
}

// Limits are the limits sources are checked against.
func (t *Transcoder) Limits() Limits { return t.cfg.Limits }
