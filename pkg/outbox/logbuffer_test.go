package outbox_test

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// logBuffer records log output (safe for the relay's goroutines) and echoes
// it to the test's output.
type logBuffer struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	echo io.Writer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf.Write(p)
	return b.echo.Write(p)
}

// waitFor waits up to 20 s for text to appear in the log.
func (b *logBuffer) waitFor(t *testing.T, text string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		b.mu.Lock()
		found := strings.Contains(b.buf.String(), text)
		b.mu.Unlock()
		if found {
			return
		}
	}
	t.Fatalf("log never contained %q", text)
}
