package grpcx

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Rule says who may call one method (see Policy).
type Rule struct {
	// Callers are the services allowed to call the method.
	Callers []string
	// Account means the call must act for an account principal.
	Account bool
	// Write means the method changes state: read-only principals are
	// refused (a call with no principal has nothing to refuse).
	Write bool
	// Role is the least role (pkg/roles) a signed-in person or an API key
	// needs for the method; every Account rule names one (docs/roles.md).
	// A key acts with its role ceiling.
	Role string
}

// RoleRefusal is the refusal of p by the rule's role, or nil: a person
// and an API key are held to it (principal.HeldToRoles), and one whose
// role is unknown or missing has none of the rights. The message names
// the role the caller has and the least one the method needs.
func (r Rule) RoleRefusal(p principal.Principal) error {
	if r.Role == "" || p.HasRole(r.Role) {
		return nil
	}
	have := p.Role
	if !roles.Known(have) {
		have = "none"
	}
	need := r.Role + " or higher"
	if r.Role == roles.Owner {
		need = roles.Owner
	}
	whose := "your role"
	if p.ActorType == principal.ActorAPIKey {
		whose = "this API key's role"
	}
	return &apperr.Denied{Code: apperr.CodeRoleForbidden,
		Reason: fmt.Sprintf("%s (%s) cannot do this; it needs %s", whose, have, need)}
}

// healthService is the one service open to any caller: load balancers and
// orchestrators probe it without credentials.
const healthService = "/grpc.health.v1.Health/"

// The refusals of the access check. Credentials that do not verify
// (missing, unknown caller, bad signature, expired, signed for another
// method) are Unauthenticated; verified credentials the policy does not
// allow are PermissionDenied. Neither says more: the server logs why. A
// read-only key on a write gets the words the handlers have always used.
var (
	errNoCredentials  = status.Error(codes.Unauthenticated, "internal call: credentials required")
	errBadCredentials = status.Error(codes.Unauthenticated, "internal call: invalid credentials")
	errNotAllowed     = status.Error(codes.PermissionDenied, "internal call: not allowed")
	errReadOnly       = apperr.ToStatus(&apperr.Denied{Code: apperr.CodeReadOnlyKey, Reason: "this API key is read-only"})
)

// RefusedByAccessCheck reports whether err is one of the access check's
// refusals (rather than the handler's), for tests of the policy.
func RefusedByAccessCheck(err error) bool {
	msg := status.Convert(err).Message()
	return strings.HasPrefix(msg, "internal call: ") || msg == status.Convert(errReadOnly).Message() ||
		RefusedByRole(err)
}

// RefusedByRole reports whether err is a refusal by the rule's role.
func RefusedByRole(err error) bool {
	st := status.Convert(err)
	return st.Code() == codes.PermissionDenied && apperr.CodeOf(st) == apperr.CodeRoleForbidden
}

// CallerKeys returns the HMAC key of each caller Policy knows, derived from
// root; a zero root knows none, so every call is refused.
func CallerKeys(root secrets.Root) principal.Keys {
	keys := map[string][]byte{}
	if !root.IsZero() {
		for _, caller := range Callers {
			keys[caller] = root.Derive(secrets.InternalCall(caller))
		}
	}
	return func(caller string) []byte { return keys[caller] }
}

// authorize checks a verified call against the rule of its method and
// returns the reason to log with the refusal, or nil.
func authorize(policy map[string]Rule, call principal.Call) (reason string, refusal error) {
	rule, declared := policy[call.Method]
	p := call.Principal
	switch {
	case !declared:
		return "method not in the access policy", errNotAllowed
	case !slices.Contains(rule.Callers, call.Caller):
		return "caller not allowed for method", errNotAllowed
	case rule.Account && p.AccountID == "":
		return "method needs an account principal", errNotAllowed
	case rule.Write && p.ReadOnly:
		return "read-only principal on a write", errReadOnly
	}
	if rule.Account {
		if err := rule.RoleRefusal(p); err != nil {
			return "role below the method's least role", apperr.ToStatus(err)
		}
	}
	return "", nil
}

// accessUnary verifies every call's credentials and applies policy before
// the handler runs; it puts the principal and the caller into the context.
func accessUnary(policy map[string]Rule, keys principal.Keys, logger *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if strings.HasPrefix(info.FullMethod, healthService) {
			return handler(ctx, req)
		}
		call, ok, err := principal.FromIncoming(ctx, info.FullMethod, keys)
		if !ok {
			logger.WarnContext(ctx, "internal call refused", "method", info.FullMethod, "reason", "no credentials")
			return nil, errNoCredentials
		}
		if err != nil {
			logger.WarnContext(ctx, "internal call refused", "method", info.FullMethod, "reason", err)
			return nil, errBadCredentials
		}
		if reason, refusal := authorize(policy, call); refusal != nil {
			logger.WarnContext(ctx, "internal call refused", "method", info.FullMethod, "caller", call.Caller, "reason", reason)
			return nil, refusal
		}
		ctx = principal.WithCaller(ctx, call.Caller)
		if call.Principal.AccountID != "" {
			ctx = principal.NewContext(ctx, call.Principal)
		}
		return handler(ctx, req)
	}
}

// accessStream refuses every stream but the health service's Watch: no
// service streams today, so a new streaming method is closed until it has
// a rule and the check is written for streams.
func accessStream() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		if strings.HasPrefix(info.FullMethod, healthService) {
			return handler(srv, ss)
		}
		return errNotAllowed
	}
}
