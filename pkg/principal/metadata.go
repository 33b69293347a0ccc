package principal

import (
	"context"
	"time"

	"google.golang.org/grpc/metadata"
)

// Metadata keys of a signed call. The HTTP variant uses the same names as
// headers (X-Vidhost-Caller, ...).
const (
	mdCaller    = "x-vidhost-caller"
	mdMethod    = "x-vidhost-method"
	mdAccount   = "x-vidhost-account"
	mdKey       = "x-vidhost-key"
	mdActor     = "x-vidhost-actor"
	mdActorType = "x-vidhost-actor-type"
	mdRole      = "x-vidhost-role"
	mdClientIP  = "x-vidhost-client-ip"
	mdPlan      = "x-vidhost-plan"
	mdFlags     = "x-vidhost-flags"
	mdExpires   = "x-vidhost-expires"
	mdSignature = "x-vidhost-signature"
)

// Metadata returns c signed with key (the caller's), as gRPC metadata.
func (c Call) Metadata(key []byte) metadata.MD {
	f := c.fields()
	return metadata.Pairs(
		mdCaller, f.caller, mdMethod, f.method, mdAccount, f.account, mdKey, f.key,
		mdActor, f.actor, mdActorType, f.actorType, mdRole, f.role, mdClientIP, f.clientIP, mdPlan, f.plan, mdFlags, f.flags, mdExpires, f.expires, mdSignature, f.sign(key))
}

// AppendToOutgoing signs c with key and adds it to ctx's outgoing metadata,
// replacing any call credentials already there.
func AppendToOutgoing(ctx context.Context, c Call, key []byte) context.Context {
	md, _ := metadata.FromOutgoingContext(ctx)
	md = md.Copy()
	for k, v := range c.Metadata(key) {
		md[k] = v
	}
	return metadata.NewOutgoingContext(ctx, md)
}

// FromIncoming reads and verifies the call in ctx's incoming metadata for
// method. ok is false when no credentials were sent at all. A key sent more
// than once is refused: nothing may ride along a signed value.
func FromIncoming(ctx context.Context, method string, keys Keys) (c Call, ok bool, err error) {
	md, _ := metadata.FromIncomingContext(ctx)
	if len(md.Get(mdSignature)) == 0 {
		return Call{}, false, nil
	}
	f, signature := readFields(md.Get)
	c, err = f.verify(signature, method, keys, time.Now())
	return c, true, err
}

// readFields reads the signed fields and the signature through values (a
// metadata or header lookup). An empty field may be dropped on the way; one
// sent more than once reads as a value no signature covers, so it never
// verifies: nothing may ride along a signed value.
func readFields(values func(string) []string) (fields, string) {
	get := func(k string) string {
		switch v := values(k); len(v) {
		case 0:
			return ""
		case 1:
			return v[0]
		}
		return "\x00"
	}
	return fields{
		caller: get(mdCaller), method: get(mdMethod), account: get(mdAccount), key: get(mdKey),
		actor: get(mdActor), actorType: get(mdActorType), role: get(mdRole), clientIP: get(mdClientIP), plan: get(mdPlan), flags: get(mdFlags), expires: get(mdExpires),
	}, get(mdSignature)
}
