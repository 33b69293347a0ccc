package web

import (
	"embed"
	"net/http"
	"path"
	"regexp"
	"strings"
)

//go:embed static
var staticFiles embed.FS

// StaticPath is where the gateway mounts StaticHandler; page templates link
// the bundle below it.
const StaticPath = "/static/"

// hashedName matches esbuild's content-hashed output names
// (player-IPTWQFZY.js): such a file never changes, so it may be cached forever.
var hashedName = regexp.MustCompile(`-[A-Z0-9]{8}\.(js|css)$`)

// contentTypes are fixed here rather than taken from the system's mime
// tables, which differ between machines (module scripts need a JavaScript type).
var contentTypes = map[string]string{
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".txt":  "text/plain; charset=utf-8",
	".ts":   "text/plain; charset=utf-8", // the embed API's api.d.ts
}

// StaticHandler serves the embedded files under StaticPath. Mount it on
// that prefix without stripping it: mux.Handle(web.StaticPath, web.StaticHandler()).
// Clients that accept gzip get the pre-compressed copy the build wrote beside
// each script and stylesheet.
func StaticHandler() http.Handler {
	return http.HandlerFunc(serveStatic)
}

func serveStatic(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if !strings.HasPrefix(name, "static/") || strings.HasSuffix(name, ".gz") {
		http.NotFound(w, r)
		return
	}
	file, encoding, err := openStatic(name, acceptsGzip(r))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer file.Close()
	setStaticHeaders(w.Header(), name, encoding)
	http.ServeContent(w, r, "", embeddedModTime, file)
}
