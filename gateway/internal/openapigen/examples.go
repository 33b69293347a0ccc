package openapigen

import "github.com/getkin/kin-openapi/openapi3"

// fieldExamples are example values of string fields that recur across
// resources, by proto field name: references build their request and
// response samples from them, so ids and times look like the real ones
// (pkg/ids: 21 URL-safe characters; times in UTC with milliseconds) rather
// than "string".
var fieldExamples = map[string]string{
	"id":           "8wV95DyOOwgFosgk_RRt0",
	"video_id":     "8wV95DyOOwgFosgk_RRt0",
	"parent_id":    "Qm3v1Zf0W2kYtq7BPaXn4",
	"created_by":   "GQ8k3nZt5Rw1yV0bLpXe2",
	"updated_by":   "GQ8k3nZt5Rw1yV0bLpXe2",
	"created_time": "2026-03-14T09:26:53.589Z",
	"updated_time": "2026-03-14T09:27:01.112Z",
	"expires_time": "2026-03-14T10:26:53.589Z",
	"email":        "ada@example.com",
	"url":          "https://example.com/hooks/vidhost",
	"link":         "https://example.com/offer",
	"language":     "en",
	"privacy":      "public",
	"colour":       "#2f5bea",
	"issuer_url":   "https://accounts.example.com",
	"base_url":     "https://videos.example.com",
}

// withExample sets the example of a string property named name, if any.
func withExample(name string, prop *openapi3.SchemaRef) *openapi3.SchemaRef {
	example, ok := fieldExamples[name]
	if !ok || prop.Ref != "" || prop.Value == nil || !prop.Value.Type.Is(openapi3.TypeString) {
		return prop
	}
	value := *prop.Value
	value.Examples = []any{example}
	return inline(&value)
}
