package openapigen_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/vidhost/vidhost/gateway/internal/openapigen"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/analytics/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"
)

func build(t *testing.T) []byte {
	t.Helper()
	swagger, err := os.ReadFile("../../openapi/vidhost_v2.swagger.json")
	require.NoError(t, err)
	doc, err := openapigen.Build(swagger, protoregistry.GlobalFiles)
	require.NoError(t, err)
	raw, err := openapigen.Marshal(doc)
	require.NoError(t, err)
	return raw
}

// The committed document is what the generator makes of the committed
// Swagger file, and the generator makes the same bytes every run.
func TestCommittedDocumentIsFresh(t *testing.T) {
	committed, err := os.ReadFile("../../openapi/vidhost.openapi.json")
	require.NoError(t, err)
	first := build(t)
	assert.Equal(t, string(first), string(build(t)), "two runs differ")
	assert.Equal(t, string(committed), string(first), "run `make generate` and commit")
}

// The rules protojson follows show in the schemas: fields with presence
// (a key's value, shown once) are optional, the rest always present;
// lists are arrays in the envelope; error codes are the documented ones.
func TestSchemasFollowTheWire(t *testing.T) {
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]struct {
				Required   []string                   `json:"required"`
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	require.NoError(t, json.Unmarshal(build(t), &doc))
	apiKey := doc.Components.Schemas["ApiKey"]
	assert.NotContains(t, apiKey.Required, "value", "written only when set")
	assert.Contains(t, apiKey.Required, "name")
	assert.NotContains(t, doc.Components.Schemas["VideoInput"].Properties, "created_time", "the services set it")
	var listVideos bytes.Buffer
	require.NoError(t, json.Compact(&listVideos, doc.Paths["/v2/videos"]["get"]))
	assert.Contains(t, listVideos.String(),
		`"result":{"items":{"$ref":"#/components/schemas/Video"},"maxItems":25,"type":"array"}`)
	assert.Contains(t, string(doc.Components.Schemas["Error"].Properties["code"]), `"upload_concurrency"`)
}

// The document states the license the repository's LICENSE file grants,
// with its SPDX identifier.
func TestLicenseIsTheRepositorys(t *testing.T) {
	license, err := os.ReadFile("../../../LICENSE")
	require.NoError(t, err)
	require.Contains(t, string(license), "Apache License\n                           Version 2.0")
	var doc struct {
		Info struct {
			License struct{ Name, Identifier string } `json:"license"`
		} `json:"info"`
	}
	require.NoError(t, json.Unmarshal(build(t), &doc))
	assert.Equal(t, "Apache-2.0", doc.Info.License.Name)
	assert.Equal(t, "Apache-2.0", doc.Info.License.Identifier)
}
