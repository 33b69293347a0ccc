package outputs

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// Hooks are called from the uploader's goroutine.
type Hooks struct {
	// OnPlayable is called once, when the HLS master playlist and a first
	// segment of every stream it lists are stored.
	OnPlayable func()
	// OnError is called once, with the first upload that failed for good;
	// nothing is uploaded after it.
	OnError func(error)
}

// Uploader copies announced files from a job's output directory to its
// media folder on a goroutine of its own, so ffmpeg's progress is never
// held up by storage.
type Uploader struct {
	store  blob.Store
	folder string // "videos/<account>/<video>/"
	dir    string // the job's media.Job.OutDir
	hooks  Hooks

	mu       sync.Mutex
	queue    []item
	versions map[string]int // newest version queued, per playlist
	closing  bool
	err      error
	wake     chan struct{}
	done     chan struct{}
	playback playback
}

// item is one announced file. A playlist is read when announced: the file
// on disk may already be a newer version that names segments not stored yet.
type item struct {
	file    media.File
	data    []byte // a playlist's content; nil for files read at upload
	version int
}

// Start begins uploading to folder the files Add announces from dir. ctx
// bounds every upload: cancel it to give up.
func Start(ctx context.Context, store blob.Store, folder, dir string, hooks Hooks) *Uploader {
	u := &Uploader{
		store: store, folder: folder, dir: dir, hooks: hooks,
		versions: map[string]int{}, wake: make(chan struct{}, 1), done: make(chan struct{}),
		playback: playback{playlists: map[string][]byte{}},
	}
	go u.run(ctx)
	return u
}

// Add queues an announced file; it is the media.Job.OnFile callback. It
// returns at once: only a playlist, a few hundred bytes, is read here.
func (u *Uploader) Add(f media.File) {
	it := item{file: f}
	if f.Kind == media.KindPlaylist {
		data, err := os.ReadFile(filepath.Join(u.dir, filepath.FromSlash(f.Path)))
		if err != nil {
			u.fail(err)
			return
		}
		it.data = data
	}
	u.mu.Lock()
	if it.data != nil {
		u.versions[f.Path]++
		it.version = u.versions[f.Path]
	}
	u.queue = append(u.queue, it)
	u.mu.Unlock()
	u.signal()
}

// Finish waits until every queued file is stored, or the first failure,
// and returns that failure. Add must not be called after it.
func (u *Uploader) Finish() error {
	u.mu.Lock()
	u.closing = true
	u.mu.Unlock()
	u.signal()
	<-u.done
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.err
}

func (u *Uploader) signal() {
	select {
	case u.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}
