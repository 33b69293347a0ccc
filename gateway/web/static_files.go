package web

import (
	"errors"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// embeddedModTime is the zero time: embedded files carry none, and the
// hashed names (plus ETags below) do the cache validation instead.
var embeddedModTime time.Time

var errNotAFile = errors.New("not a regular file")

type seekableFile interface {
	fs.File
	io.ReadSeeker
}

// openStatic opens name, or name.gz when the client takes gzip and the build
// wrote one. It refuses directories, so nothing is ever listed.
func openStatic(name string, gzipOK bool) (seekableFile, string, error) {
	if gzipOK {
		if file, err := openRegular(name + ".gz"); err == nil {
			return file, "gzip", nil
		}
	}
	file, err := openRegular(name)
	return file, "", err
}

func openRegular(name string) (seekableFile, error) {
	file, err := staticFiles.Open(name)
	if err != nil {
		return nil, err
	}
	info, err := file.Stat()
	seeker, ok := file.(seekableFile)
	if err != nil || !info.Mode().IsRegular() || !ok {
		file.Close()
		return nil, errNotAFile
	}
	return seeker, nil
}

// acceptsGzip reads Accept-Encoding; "gzip;q=0" is a refusal.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		quality, weighted := strings.CutPrefix(strings.TrimSpace(params), "q=")
		if !weighted {
			return true
		}
		value, err := strconv.ParseFloat(quality, 64)
		return err == nil && value > 0
	}
	return false
}

func setStaticHeaders(header http.Header, name, encoding string) {
	if contentType, ok := contentTypes[path.Ext(name)]; ok {
		header.Set("Content-Type", contentType)
	}
	header.Set("X-Content-Type-Options", "nosniff")
	header.Set("Vary", "Accept-Encoding")
	if encoding != "" {
		header.Set("Content-Encoding", encoding)
	}
	if hashedName.MatchString(name) {
		header.Set("Cache-Control", "public, max-age=31536000, immutable")
		// The name is the content hash: an ETag from it is exact and free.
		header.Set("ETag", `"`+path.Base(name)+encoding+`"`)
		return
	}
	header.Set("Cache-Control", "public, no-cache")
}
