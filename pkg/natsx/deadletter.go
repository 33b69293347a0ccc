package natsx

import (
	"context"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Headers of a dead-lettered message, as every Vidhost consumer writes them:
// an operator reading the DEADLETTER stream sees where a message came from
// and why it was given up on.
const (
	HeaderOriginalSubject = "Vidhost-Original-Subject"
	HeaderDeadLetterError = "Vidhost-Error"
)

// DeadLetter republishes msg, a message that can never be processed, to
// DeadLetterSubject(msg.Subject()) with its original subject and reason in
// headers. It does not settle msg: the caller terminates it once this
// returns nil, and retries it otherwise, so a poison message is never
// dropped unseen.
func DeadLetter(ctx context.Context, js jetstream.JetStream, msg jetstream.Msg, reason string) error {
	dead := nats.NewMsg(DeadLetterSubject(msg.Subject()))
	dead.Data = msg.Data()
	dead.Header.Set(HeaderOriginalSubject, msg.Subject())
	dead.Header.Set(HeaderDeadLetterError, reason)
	if contentType := msg.Headers().Get(HeaderContentType); contentType != "" {
		dead.Header.Set(HeaderContentType, contentType) // so the payload can still be read
	}
	var opts []jetstream.PublishOpt
	if meta, err := msg.Metadata(); err == nil {
		// The id is the message's place in its stream, so one redelivered
		// (or dead-lettered again after a crash) is stored once.
		opts = append(opts, jetstream.WithMsgID(fmt.Sprintf("%s-%d", meta.Stream, meta.Sequence.Stream)))
	}
	if _, err := js.PublishMsg(ctx, dead, opts...); err != nil {
		return fmt.Errorf("natsx: dead-letter %s: %w", msg.Subject(), err)
	}
	return nil
}
