package outputs

import (
	"context"
	"fmt"
)

// run uploads queued items in order until Finish and an empty queue.
func (u *Uploader) run(ctx context.Context) {
	defer close(u.done)
	for {
		it, ok := u.next()
		if !ok {
			return
		}
		if u.failed() || u.superseded(it) {
			continue
		}
		if err := u.put(ctx, it); err != nil {
			u.fail(fmt.Errorf("upload %s: %w", it.file.Path, err))
			continue
		}
		if it.data != nil && u.playback.stored(it.file.Path, it.data) && u.hooks.OnPlayable != nil {
			u.hooks.OnPlayable()
		}
	}
}

// next takes the oldest item, waiting for one; false once Finish was
// called and the queue is empty.
func (u *Uploader) next() (item, bool) {
	for {
		u.mu.Lock()
		if len(u.queue) > 0 {
			it := u.queue[0]
			u.queue = u.queue[1:]
			u.mu.Unlock()
			return it, true
		}
		closing := u.closing
		u.mu.Unlock()
		if closing {
			return item{}, false
		}
		<-u.wake
	}
}

// superseded says a newer version of the same playlist is queued behind
// it. Skipping the older one is safe: the newer one comes after every
// segment either names. When storage is slower than the encoder this keeps
// the queue from filling with playlists nobody will read.
func (u *Uploader) superseded(it item) bool {
	if it.data == nil {
		return false
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	return it.version < u.versions[it.file.Path]
}

func (u *Uploader) failed() bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.err != nil
}

// fail records the first failure and reports it.
func (u *Uploader) fail(err error) {
	u.mu.Lock()
	first := u.err == nil
	if first {
		u.err = err
	}
	u.mu.Unlock()
	if first && u.hooks.OnError != nil {
		u.hooks.OnError(err)
	}
}
