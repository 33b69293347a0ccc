package job

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/fetch"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

func TestClassify(t *testing.T) {
	dialRefused := &url.Error{Op: "Get", URL: "https://example.com/v.mp4",
		Err: &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 9, 8, 7), Port: 443},
			Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}}
	// The resolver's own error names the installation's DNS server.
	noSuchHost := &url.Error{Op: "Get", URL: "http://nothing-here.invalid/v.mp4",
		Err: &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "nothing-here.invalid",
			Server: "10.255.255.53:53", IsNotFound: true}}}
	dnsDown := &url.Error{Op: "Get", URL: "http://media.example.com/v.mp4",
		Err: &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "server misbehaving", Name: "media.example.com",
			Server: "10.0.0.2:53", IsTemporary: true}}}
	blocked := &url.Error{Op: "Get", URL: "http://10.0.0.1/", Err: fmt.Errorf("dial: %w: 10.0.0.1", fetch.ErrBlockedAddress)}
	tests := []struct {
		name      string
		err       error
		reason    string
		permanent bool
	}{
		{"bad source", &media.SourceError{Reason: "source has no video stream", Detail: "x"}, "source has no video stream", true},
		{"invalid job", &InvalidError{Reason: "job must name exactly one source"}, "job must name exactly one source", true},
		{"upload gone", fmt.Errorf("%w (uploads/a/b)", errSourceMissing), "the uploaded source file no longer exists", true},
		{"404", &fetchError{&fetch.StatusError{Code: 404, Status: "404 Not Found"}}, "source URL returned 404 Not Found", true},
		{"403", &fetchError{&fetch.StatusError{Code: 403, Status: "403 Forbidden"}}, "source URL returned 403 Forbidden", true},
		{"429 is for later", &fetchError{&fetch.StatusError{Code: 429, Status: "429 Too Many Requests"}}, "source URL returned 429 Too Many Requests", false},
		{"503", &fetchError{&fetch.StatusError{Code: 503, Status: "503 Service Unavailable"}}, "source URL returned 503 Service Unavailable", false},
		{"blocked address", &fetchError{blocked}, "source URL points to a private or reserved address", true},
		{"too large", &fetchError{fmt.Errorf("%w of 10 bytes", fetch.ErrTooLarge)}, "source is larger than the size limit", true},
		{"too slow", &fetchError{fetch.ErrTimeout}, "source took too long to download", true},
		{"stalled", &fetchError{fetch.ErrIdle}, "source stopped sending data", false},
		{"refused", &fetchError{dialRefused}, "source URL could not be downloaded: the server refused the connection", false},
		{"no such host", &fetchError{noSuchHost}, "source URL could not be downloaded: the host name could not be resolved", true},
		{"dns down", &fetchError{dnsDown}, "source URL could not be downloaded: the host name could not be resolved", false},
		{"disk", &fetchError{errors.New("write /var/transcode/1/source: no space left on device")}, "source URL could not be downloaded", false},
		{"encoder crash", &media.ExecError{Tool: "ffmpeg", Err: errors.New("signal: killed")}, reasonTool, false},
		{"storage", fmt.Errorf("upload x: %w", blob.ErrSizeMismatch), reasonInternal, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Classify(tt.err)
			assert.Equal(t, tt.reason, got.Reason)
			assert.Equal(t, tt.permanent, got.Permanent)
			assert.NotRegexp(t, `\d+\.\d+\.\d+\.\d+|:53|lookup|dial`, got.Reason, "no address of the installation")
		})
	}
}
