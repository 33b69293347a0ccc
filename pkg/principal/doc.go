// Package principal carries who an internal call comes from and who it acts
// as. Every internal call (gRPC metadata, or X-Vidhost-* headers on the
// gateway's tus proxy) carries a Call: the calling service, the method it is
// for, the principal (account, key, actor, flags; empty for service-level
// calls) and an expiry Validity ahead, signed with HMAC-SHA256 under the
// caller's own key (secrets.InternalCall(caller)). A captured call is good
// for that one method, from that caller, for seconds.
package principal
