// Package notify emails an account's people about the events they chose in
// their notifications (docs/users.md): it consumes video.ready, video.error
// and upload.quota_reached from JetStream, finds the account's enabled users
// who chose the event, and sends each one short plain-text mail, once per
// event and user however often the event is delivered.
package notify
