// Package tus serves resumable uploads over the tus 1.0 protocol with the
// tusd v2 library, tied to the same Upload records and quotas as the
// presigned PUT: creating a tus upload creates an Upload (name from the
// Upload-Metadata "filename", size from Upload-Length), and the last PATCH
// makes it complete and resolvable.
//
// Where the bytes wait depends on the blob driver (Backend):
//
//   - local: tusd's file store in a staging directory; when the last byte
//     arrives the file is Put into the blob store at the Upload's key and
//     the staging files are removed.
//   - s3: tusd's S3 store writes a multipart upload straight to the
//     Upload's key (uploads/<account>/<upload>/<name>) in the blob bucket,
//     keeping its bookkeeping (.info, .part) under tus/; completing the
//     multipart upload is the only copy, done by S3 itself.
//
// The gateway authenticates the client and forwards the signed principal
// as X-Vidhost-* headers (principal.SignHeaders); every request is checked
// against the Upload's account.
package tus
