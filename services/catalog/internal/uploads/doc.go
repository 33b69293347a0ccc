// Package uploads resolves svc://uploads/<id> references through the
// upload service's internal ResolveUpload RPC, acting for the caller's
// principal so that a reference resolves only within its account. It
// implements catalog.UploadResolver.
package uploads
