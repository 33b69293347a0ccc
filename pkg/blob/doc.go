// Package blob stores Vidhost's objects (uploads, renditions, thumbnails)
// behind one small interface, Store, with two drivers chosen by
// configuration:
//
//   - "s3": any S3-compatible service (MinIO, AWS S3, R2, Ceph, versitygw)
//     through minio-go. Presigned URLs point at the S3 service itself, so
//     upload bytes never pass through Vidhost's services.
//   - "local": a directory on disk, the devstack default. Writes go to a
//     temporary file that is fsynced and renamed into place, so readers never
//     see half-written objects. Presigned URLs are HMAC-signed URLs served by
//     Local.Handler, which the gateway mounts at HandlerPath ("/blob/").
//
// Services map these environment variables onto Config (the package itself
// reads no environment):
//
//	VIDHOST_BLOB_DRIVER          Config.Driver         "local" (default) or "s3"
//	VIDHOST_BLOB_DIR             Config.Dir            local: root directory
//	VIDHOST_BLOB_PUBLIC_URL      Config.PublicBaseURL  local: gateway URL that presigned URLs start with
//	VIDHOST_BLOB_SIGNING_SECRET  Config.SigningSecret  local: HMAC key for presigned URLs (>= 32 bytes)
//	VIDHOST_S3_ENDPOINT          Config.Endpoint       s3: host:port, or a URL whose scheme sets UseSSL
//	VIDHOST_S3_REGION            Config.Region         s3: default "us-east-1"
//	VIDHOST_S3_BUCKET            Config.Bucket         s3: bucket name
//	VIDHOST_S3_ACCESS_KEY        Config.AccessKey      s3
//	VIDHOST_S3_SECRET_KEY        Config.SecretKey      s3 (secret: redact when printing)
//	VIDHOST_S3_USE_SSL           Config.UseSSL         s3: "true" for https
//	VIDHOST_S3_CREATE_BUCKET     Config.CreateBucket   s3: create the bucket at Open when missing
//
// Where objects live is decided in one place, layout.go: a video's media
// under videos/<account>/<video>/ and uploads under
// uploads/<account>/<upload>/<name>. Services build and parse keys only
// through it, so an id that is not one key segment never reaches a store.
//
// Both drivers pass the same contract suite (package blobtest); the S3 driver
// is tested against a real versitygw server that checks signatures.
package blob
