package middleware

import "io"

// ReadFrom keeps the zero-copy path open through the access log: io.Copy
// (and http.ServeContent) hand an *os.File to the ResponseWriter's
// ReadFrom, which the server turns into sendfile(2). Without this method
// the recorder would hide it and every media byte would be copied through
// a user-space buffer.
func (s *statusRecorder) ReadFrom(src io.Reader) (int64, error) {
	if s.status == 0 {
		s.status = 200
	}
	n, err := io.Copy(s.ResponseWriter, src)
	s.bytes += n
	return n, err
}
