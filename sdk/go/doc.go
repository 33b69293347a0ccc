// Package vidhost is the Go client of the Vidhost /v2 API: videos, resumable
// uploads (tus), players, API keys and JWT keys, with pagination iterators,
// typed errors, retries and a viewer-JWT signer (docs/sdk.md).
//
//	client := vidhost.New(os.Getenv("VIDHOST_URL"), os.Getenv("VIDHOST_API_KEY"))
//	for v, err := range client.Videos.List(ctx, nil) {
//		if err != nil {
//			return err
//		}
//		fmt.Println(v.ID, v.Name, v.Status)
//	}
//
// Every call takes a context. A failed call returns an *Error carrying the
// HTTP status and the envelope's code, message and field; errors.As finds it.
// Calls that are safe to repeat (GET, HEAD, PUT, DELETE, and tus transfers,
// which resume from the offset the server reports) are retried with
// exponential backoff and jitter on 429 and 5xx, honouring Retry-After; a POST
// is never retried, since repeating it could create a second resource.
//
// Why hand-written rather than generated from the OpenAPI document: that
// document is being written at the same time as this package, and a
// generator's output (one method per operation, pointer-heavy types, no
// iterators, no tus) would still need this layer on top to be pleasant. The
// API is small and regular, so one generic Collection[T] covers every
// resource with Get, List, Create, Update and Delete over the shared envelope;
// adding a resource is a struct and one line (see Collection). The end-to-end
// tests run this package against the real stack, so drift from the wire shows
// up there.
//
// It imports nothing of the server (pkg/..., the protos) on purpose: it is a
// client's view of the wire, its envelope type is what a client reads back,
// not pkg/envelope. It is a module of its own, github.com/vidhost/vidhost/sdk/go,
// requiring jwx and nothing else (TestModuleRequirementsStaySmall), so a
// program that uploads a video does not pull the server's dependencies.
//
// The server's module (the vidhost command uses this package) requires it
// at a released version, tagged sdk/go/vX.Y.Z, and not through a replace
// directive, which `go install …/cmd/vidhost@version` refuses; the root
// go.work puts this directory in place of that version for development, so
// a change here is built and tested with its callers at once. Releasing a
// change means a new tag, the root go.mod requiring it and go.sum holding its
// hashes; `make install-check` fails until then (docs/sdk.md says how,
// docs/architecture.md's module paragraph why).
package vidhost
