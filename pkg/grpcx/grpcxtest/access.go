package grpcxtest

import (
	"cmp"
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// FullMethods returns the full method names of desc.
func FullMethods(desc *grpc.ServiceDesc) []string {
	methods := make([]string, 0, len(desc.Methods)+len(desc.Streams))
	for _, m := range desc.Methods {
		methods = append(methods, "/"+desc.ServiceName+"/"+m.MethodName)
	}
	for _, s := range desc.Streams {
		methods = append(methods, "/"+desc.ServiceName+"/"+s.StreamName)
	}
	return methods
}

// RequireDeclared fails unless grpcx.Policy has a rule for every method of
// desc.
func RequireDeclared(t *testing.T, desc *grpc.ServiceDesc) {
	t.Helper()
	for _, method := range FullMethods(desc) {
		_, ok := grpcx.Policy[method]
		assert.True(t, ok, "%s has no rule in grpcx.Policy", method)
	}
}

// CheckAccess calls every method of desc on the server at addr, which
// derives its keys from root, with bad credentials of each kind, with the
// allowed ones, and, where the method acts for an account, as a person of
// each role (docs/roles.md). The requests are empty: the check runs before the
// handler reads them, and the allowed caller only has to get past it.
func CheckAccess(t *testing.T, addr string, root secrets.Root, desc *grpc.ServiceDesc) {
	t.Helper()
	RequireDeclared(t, desc)
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	methods := FullMethods(desc)
	for i, method := range desc.Methods {
		full := methods[i]
		rule := grpcx.Policy[full]
		other := methods[(i+1)%len(methods)]
		t.Run(method.MethodName, func(t *testing.T) {
			c := access{t: t, conn: conn, root: root, method: full}
			allowed := allowedCall(rule, full)
			for _, tt := range refusals(rule, allowed, other) {
				t.Run(tt.name, func(t *testing.T) {
					c.t = t
					c.refused(tt.code, tt.md(c))
				})
			}
			t.Run("allowed", func(t *testing.T) {
				c.t = t
				c.allowed(principal.NewCall(allowed.Caller, full, allowed.Principal))
			})
			if rule.Account {
				c.t = t
				c.checkRoles(rule, allowed)
			}
		})
	}
}

// checkRoles calls the method as a person and as an API key of every role
// (a key's role is its ceiling), of an unknown role and of none: the ones
// at least the rule's role get past the check, the others are refused for
// their role. The platform's own calls (system) are never refused by role.
func (a access) checkRoles(rule grpcx.Rule, allowed principal.Call) {
	t := a.t
	for _, actor := range []string{principal.ActorUser, principal.ActorAPIKey} {
		for _, role := range append(roles.All(), "", "unknown") {
			t.Run(actor+" as "+cmp.Or(role, "no role"), func(t *testing.T) {
				a.t = t
				c := allowed
				c.Principal.ActorType, c.Principal.Role = actor, role
				if roles.AtLeast(role, rule.Role) {
					a.allowed(c)
					return
				}
				err := a.invoke(a.sign(c))
				assert.Equal(t, codes.PermissionDenied, status.Code(err), "%v", err)
				assert.True(t, grpcx.RefusedByRole(err), "refused for the role: %v", err)
			})
		}
	}
	t.Run("system", func(t *testing.T) {
		a.t = t
		c := allowed
		c.Principal.ActorType, c.Principal.Role = principal.ActorSystem, ""
		a.allowed(c)
	})
}

// allowedCall is a call the rule allows: its first caller, with a writer
// principal when an account is needed.
func allowedCall(rule grpcx.Rule, method string) principal.Call {
	var p principal.Principal
	if rule.Account {
		p = principal.Principal{AccountID: "00000000000000000000000000", KeyID: "grpcxtest", ActorID: "grpcxtest",
			ActorType: principal.ActorAPIKey, Role: roles.Owner}
	}
	return principal.NewCall(rule.Callers[0], method, p)
}

type refusal struct {
	name string
	code codes.Code
	md   func(access) metadata.MD
}

// refusals are the bad credentials tried on a method with rule, built
// from allowed; other is another method of the service.
func refusals(rule grpcx.Rule, allowed principal.Call, other string) []refusal {
	list := []refusal{
		{"no credentials", codes.Unauthenticated, func(access) metadata.MD { return metadata.MD{} }},
		{"signed for another method", codes.Unauthenticated, func(a access) metadata.MD {
			c := allowed
			c.Method = other
			return a.sign(c)
		}},
		{"expired", codes.Unauthenticated, func(a access) metadata.MD {
			c := allowed
			c.Expires = time.Now().Add(-time.Second)
			return a.sign(c)
		}},
		{"tampered", codes.Unauthenticated, func(a access) metadata.MD {
			md := a.sign(allowed)
			md.Set("x-vidhost-account", "11111111111111111111111111")
			return md
		}},
		{"signed with another root", codes.Unauthenticated, func(a access) metadata.MD {
			return allowed.Metadata(secrets.MustRoot("another-root-another-root-another-root").
				Derive(secrets.InternalCall(allowed.Caller)))
		}},
	}
	for _, caller := range grpcx.Callers {
		if slices.Contains(rule.Callers, caller) {
			continue
		}
		list = append(list, refusal{"by " + caller, codes.PermissionDenied, func(a access) metadata.MD {
			c := allowed
			c.Caller = caller
			return a.sign(c)
		}})
	}
	if rule.Account {
		list = append(list, refusal{"without an account principal", codes.PermissionDenied, func(a access) metadata.MD {
			c := allowed
			c.Principal = principal.Principal{}
			return a.sign(c)
		}})
	}
	if rule.Account && rule.Write {
		list = append(list, refusal{"read-only principal", codes.PermissionDenied, func(a access) metadata.MD {
			c := allowed
			c.Principal.ReadOnly = true
			return a.sign(c)
		}})
	}
	return list
}

// access calls one method over a connection without a signing interceptor.
type access struct {
	t      *testing.T
	conn   *grpc.ClientConn
	root   secrets.Root
	method string
}

func (a access) sign(c principal.Call) metadata.MD {
	return c.Metadata(a.root.Derive(secrets.InternalCall(c.Caller)))
}

func (a access) invoke(md metadata.MD) error {
	ctx, cancel := context.WithTimeout(metadata.NewOutgoingContext(a.t.Context(), md), 10*time.Second)
	defer cancel()
	return a.conn.Invoke(ctx, a.method, &emptypb.Empty{}, &emptypb.Empty{})
}

func (a access) refused(code codes.Code, md metadata.MD) {
	err := a.invoke(md)
	assert.Equal(a.t, code, status.Code(err), "%v", err)
	assert.True(a.t, grpcx.RefusedByAccessCheck(err), "refused by the access check: %v", err)
}

func (a access) allowed(c principal.Call) {
	err := a.invoke(a.sign(c))
	assert.False(a.t, grpcx.RefusedByAccessCheck(err), "allowed caller %s got past the access check: %v", c.Caller, err)
}
