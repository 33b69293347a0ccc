// Package events encodes the upload service's events (upload.completed) as
// outbox messages: protojson of vidhost.upload.v1.UploadEvent, with the
// event id as the message id so redelivery is deduplicated.
package events
