package principal

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc/metadata"
)

// Metadata keys of the signed principal.
const (
	mdAccount   = "x-vidhost-account"
	mdKey       = "x-vidhost-key"
	mdActor     = "x-vidhost-actor"
	mdFlags     = "x-vidhost-flags"
	mdExpires   = "x-vidhost-expires"
	mdSignature = "x-vidhost-signature"
)

// validity bounds how long a captured signature can be replayed.
const validity = 2 * time.Minute

// ErrBadSignature means principal metadata was present but not signed by a
// holder of the internal secret (or had expired).
var ErrBadSignature = errors.New("principal metadata is not validly signed")

// AppendToOutgoing signs p and adds it to ctx's outgoing gRPC metadata.
func AppendToOutgoing(ctx context.Context, p Principal, secret []byte) context.Context {
	expires := strconv.FormatInt(time.Now().Add(validity).Unix(), 10)
	flags := encodeFlags(p)
	sig := sign(secret, p.AccountID, p.KeyID, p.ActorID, flags, expires)
	return metadata.AppendToOutgoingContext(ctx,
		mdAccount, p.AccountID, mdKey, p.KeyID, mdActor, p.ActorID,
		mdFlags, flags, mdExpires, expires, mdSignature, sig)
}

// FromIncoming reads and verifies the principal in ctx's incoming metadata.
// ok is false when no principal was sent at all.
func FromIncoming(ctx context.Context, secret []byte) (p Principal, ok bool, err error) {
	md, _ := metadata.FromIncomingContext(ctx)
	get := func(k string) string {
		if v := md.Get(k); len(v) == 1 {
			return v[0]
		}
		return ""
	}
	if get(mdSignature) == "" {
		return Principal{}, false, nil
	}
	account, key, actor, flags, expires := get(mdAccount), get(mdKey), get(mdActor), get(mdFlags), get(mdExpires)
	want := sign(secret, account, key, actor, flags, expires)
	if !hmac.Equal([]byte(want), []byte(get(mdSignature))) || expired(expires) {
		return Principal{}, true, ErrBadSignature
	}
	p = Principal{AccountID: account, KeyID: key, ActorID: actor}
	decodeFlags(flags, &p)
	return p, true, nil
}

func sign(secret []byte, fields ...string) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(strings.Join(fields, "\n")))
	return hex.EncodeToString(mac.Sum(nil))
}

func expired(unix string) bool {
	n, err := strconv.ParseInt(unix, 10, 64)
	return err != nil || time.Now().Unix() > n
}

func encodeFlags(p Principal) string {
	var f []string
	if p.ReadOnly {
		f = append(f, "ro")
	}
	if p.LiveEnabled {
		f = append(f, "live")
	}
	return strings.Join(f, ",")
}

func decodeFlags(flags string, p *Principal) {
	for _, f := range strings.Split(flags, ",") {
		switch f {
		case "ro":
			p.ReadOnly = true
		case "live":
			p.LiveEnabled = true
		}
	}
}
