// Package upload holds the upload service's domain: what an upload is, the
// rules of its name and size, the per-account switch and quotas, how a
// svc://uploads/<id> reference resolves, and the sweeper that removes what
// the retention period no longer covers. It talks to PostgreSQL through
// Store and to object storage through Objects; it imports neither SQL nor
// gRPC.
package upload
