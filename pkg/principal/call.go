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
)

// Validity is how long a signed call stays valid: long enough for a
// retried call and some clock skew between hosts, short enough that a
// captured one is of little use (it is bound to one method anyway).
const Validity = 30 * time.Second

// maxSkew is how far past now+Validity an expiry may lie before it is
// refused as minted by a clock that runs ahead (or by hand, to live long).
const maxSkew = 5 * time.Second

// signatureVersion is signed first, so a change of format cannot be
// confused with the old one.
const signatureVersion = "vidhost-call-v3"

// ErrBadSignature means call credentials were present but are not valid:
// unknown caller, bad signature, expired, or signed for another method.
// Which one is logged by the server, never told to the caller.
var ErrBadSignature = errors.New("internal call credentials are not valid")

// Call is what one internal call asserts, once its signature verified.
type Call struct {
	// Caller is the service that signed the call (gateway, catalog, operator).
	Caller string
	// Method is what the call is for: a gRPC full method
	// (/vidhost.catalog.v1.CatalogService/GetVideo) or TusMethod.
	Method string
	// Principal is who the call acts for; zero for service-level calls.
	Principal Principal
	// Expires is when the signature stops being accepted.
	Expires time.Time
}

// NewCall returns a call by caller for method acting as p, expiring
// Validity from now.
func NewCall(caller, method string, p Principal) Call {
	return Call{Caller: caller, Method: method, Principal: p, Expires: time.Now().Add(Validity)}
}

// Keys returns the HMAC key of caller, or nil for a caller it does not know.
type Keys func(caller string) []byte

// fields are the signed values, in the order they are signed and sent.
type fields struct {
	caller, method, account, key, actor, actorType, role, clientIP, plan, flags, expires string
}

func (c Call) fields() fields {
	return fields{
		caller: c.Caller, method: c.Method, account: c.Principal.AccountID, key: c.Principal.KeyID,
		actor: c.Principal.ActorID, actorType: c.Principal.ActorType, role: c.Principal.Role, clientIP: c.Principal.ClientIP, plan: c.Principal.Plan,
		flags: encodeFlags(c.Principal), expires: strconv.FormatInt(c.Expires.Unix(), 10),
	}
}

func (f fields) sign(key []byte) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(strings.Join([]string{signatureVersion,
		f.caller, f.method, f.account, f.key, f.actor, f.actorType, f.role, f.clientIP, f.plan, f.flags, f.expires}, "\n")))
	return hex.EncodeToString(mac.Sum(nil))
}

// verify checks signature against f for method at now and returns the call.
func (f fields) verify(signature, method string, keys Keys, now time.Time) (Call, error) {
	key := keys(f.caller)
	if key == nil || !hmac.Equal([]byte(f.sign(key)), []byte(signature)) {
		return Call{}, ErrBadSignature
	}
	expires, err := strconv.ParseInt(f.expires, 10, 64)
	if err != nil || now.Unix() > expires || expires > now.Add(Validity+maxSkew).Unix() {
		return Call{}, ErrBadSignature
	}
	if f.method != method {
		return Call{}, ErrBadSignature
	}
	p := Principal{AccountID: f.account, KeyID: f.key, ActorID: f.actor, ActorType: f.actorType, Role: f.role, ClientIP: f.clientIP, Plan: f.plan}
	decodeFlags(f.flags, &p)
	return Call{Caller: f.caller, Method: f.method, Principal: p, Expires: time.Unix(expires, 0)}, nil
}

type callerKey struct{}

// WithCaller returns ctx naming the verified calling service.
func WithCaller(ctx context.Context, caller string) context.Context {
	return context.WithValue(ctx, callerKey{}, caller)
}

// CallerFrom returns the verified calling service of ctx, or "".
func CallerFrom(ctx context.Context) string {
	c, _ := ctx.Value(callerKey{}).(string)
	return c
}

func encodeFlags(p Principal) string {
	var f []string
	if p.ReadOnly {
		f = append(f, "ro")
	}
	if p.LiveEnabled {
		f = append(f, "live")
	}
	if p.UploadToken != "" { // token ids are base64url: no commas, no "="
		f = append(f, "token="+p.UploadToken, "max="+strconv.FormatInt(p.MaxUploadBytes, 10))
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
		default:
			decodeTokenFlag(f, p)
		}
	}
}

// decodeTokenFlag reads the upload token flags "token=<jti>" and
// "max=<bytes>"; anything else is ignored, as unknown flags are.
func decodeTokenFlag(flag string, p *Principal) {
	name, value, ok := strings.Cut(flag, "=")
	if !ok {
		return
	}
	switch name {
	case "token":
		p.UploadToken = value
	case "max":
		p.MaxUploadBytes, _ = strconv.ParseInt(value, 10, 64)
	}
}
