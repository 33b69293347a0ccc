// Package playbacktest runs the playback edge for tests: fakes of the gRPC
// methods it calls (catalog's GetVideoForPlayback, GetPlayer and
// SubmitLead, identity's GetJwtPublicKey) on a real gRPC server that checks
// signed principals, a local blob store, the edge itself on an httptest
// server, and viewer JWT keys. Fakes of Vidhost's own services are fine in
// the gateway's tests; the whole suite is exercised by the devstack's.
package playbacktest
