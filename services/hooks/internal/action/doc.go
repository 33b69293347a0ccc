// Package action runs the videos.insert action of the service kinds that
// need a video's files: vidhost (create the video on another Vidhost
// instance from a short-lived signed URL of its best MP4) and s3 (copy its
// outputs to a bucket). Both read this instance's blob store (pkg/blob) at
// the video's folder (blob.VideoPrefix) and reach the target through the
// SSRF-guarded transport deliveries use (docs/hooks.md#actions).
package action
