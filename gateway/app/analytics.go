package app

import "net/http"

// analyticsVideosPath is the interface's other form of the views report per
// video, the same as /v2/analytics?type=videos (docs/analytics.md).
const analyticsVideosPath = "/v2/analytics/videos"

// analyticsVideos adds type=videos to a request for analyticsVideosPath
// unless it names a type itself (which the service then checks).
func analyticsVideos(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		query := r.URL.Query()
		if !query.Has("type") {
			query.Set("type", "videos")
			r = r.Clone(r.Context())
			r.URL.RawQuery = query.Encode()
		}
		next.ServeHTTP(w, r)
	})
}
