// Command generate writes gateway/openapi/vidhost.openapi.json from the
// Swagger file buf generate wrote beside it and the linked protos' descriptors
// (gateway/internal/openapigen). `make generate` runs it after buf.
package main

import (
	"flag"
	"fmt"
	"os"

	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/vidhost/vidhost/gateway/internal/openapigen"
	// The services the gateway maps, linked so their descriptors are registered.
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/analytics/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"
)

func main() {
	in := flag.String("in", "gateway/openapi/vidhost_v2.swagger.json", "the Swagger 2 file protoc-gen-openapiv2 wrote")
	out := flag.String("out", "gateway/openapi/vidhost.openapi.json", "where to write the OpenAPI 3.1 document")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "generate openapi:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	swagger, err := os.ReadFile(in) //nolint:gosec // the path is the Makefile's
	if err != nil {
		return err
	}
	doc, err := openapigen.Build(swagger, protoregistry.GlobalFiles)
	if err != nil {
		return err
	}
	raw, err := openapigen.Marshal(doc)
	if err != nil {
		return err
	}
	return os.WriteFile(out, raw, 0o644) //nolint:gosec // a committed, public document
}
