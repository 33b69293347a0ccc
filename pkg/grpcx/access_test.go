package grpcx

import (
	"context"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
)

var testRoot = secrets.MustRoot(strings.Repeat("t", secrets.MinLength))

const (
	readMethod  = "/test.Echo/Read"
	writeMethod = "/test.Echo/Write"
	openMethod  = "/test.Echo/Open"
	undeclared  = "/test.Echo/Undeclared"
)

// testPolicy exercises each kind of rule on one small service.
var testPolicy = map[string]Rule{
	readMethod:  {Callers: []string{Gateway, Operator}, Account: true},
	writeMethod: {Callers: []string{Gateway}, Account: true, Write: true},
	openMethod:  {Callers: []string{Catalog}},
}

func TestAuthorize(t *testing.T) {
	writer := principal.Principal{AccountID: "acc"}
	reader := principal.Principal{AccountID: "acc", ReadOnly: true}
	tests := []struct {
		name   string
		call   principal.Call
		wantOK bool
	}{
		{"allowed caller, account", principal.Call{Caller: Gateway, Method: readMethod, Principal: reader}, true},
		{"second allowed caller", principal.Call{Caller: Operator, Method: readMethod, Principal: reader}, true},
		{"caller not listed", principal.Call{Caller: Catalog, Method: readMethod, Principal: reader}, false},
		{"account missing", principal.Call{Caller: Gateway, Method: readMethod}, false},
		{"writer on a write", principal.Call{Caller: Gateway, Method: writeMethod, Principal: writer}, true},
		{"read-only on a write", principal.Call{Caller: Gateway, Method: writeMethod, Principal: reader}, false},
		{"service-level call", principal.Call{Caller: Catalog, Method: openMethod}, true},
		{"principal on a service-level call", principal.Call{Caller: Catalog, Method: openMethod, Principal: reader}, true},
		{"undeclared method", principal.Call{Caller: Gateway, Method: undeclared, Principal: writer}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, refusal := authorize(testPolicy, tt.call)
			assert.Equal(t, tt.wantOK, refusal == nil)
		})
	}
}

// echo answers the caller and account the access check put in the context.
func echo(_ any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(emptypb.Empty)
	if err := dec(in); err != nil {
		return nil, err
	}
	handler := func(ctx context.Context, _ any) (any, error) {
		p, _ := principal.FromContext(ctx)
		return wrapperspb.String(principal.CallerFrom(ctx) + "/" + p.AccountID), nil
	}
	return interceptor(ctx, in, &grpc.UnaryServerInfo{FullMethod: "/test.Echo/" + methodOf(ctx)}, handler)
}

func methodOf(ctx context.Context) string {
	m, _ := grpc.Method(ctx)
	return m[strings.LastIndex(m, "/")+1:]
}

// startEcho serves the echo service under testPolicy and returns its address.
func startEcho(t *testing.T) string {
	srv := NewServer(ServerOptions{Logger: slog.New(slog.DiscardHandler), Root: testRoot, Policy: testPolicy})
	desc := grpc.ServiceDesc{ServiceName: "test.Echo", HandlerType: (*any)(nil)}
	for _, name := range []string{"Read", "Write", "Open", "Undeclared"} {
		desc.Methods = append(desc.Methods, grpc.MethodDesc{MethodName: name, Handler: echo})
	}
	srv.RegisterService(&desc, struct{}{})
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() { _ = srv.Server.Serve(lis) }()
	t.Cleanup(srv.Stop)
	return lis.Addr().String()
}

func TestSignedCallsPassTheServer(t *testing.T) {
	addr := startEcho(t)
	conn, err := Dial(addr, CallerCredentials(testRoot, Gateway))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	alice := principal.NewContext(t.Context(), principal.Principal{AccountID: "alice"})
	catalog := WithCredentials(t.Context(), CallerCredentials(testRoot, Catalog))
	tests := []struct {
		name     string
		ctx      context.Context
		method   string
		wantCode codes.Code
		want     string
	}{
		{"principal from the context", alice, readMethod, codes.OK, "gateway/alice"},
		{"signed per method", alice, writeMethod, codes.OK, "gateway/alice"},
		{"no principal where one is needed", t.Context(), readMethod, codes.PermissionDenied, ""},
		{"caller not allowed", alice, openMethod, codes.PermissionDenied, ""},
		{"credentials of the context", catalog, openMethod, codes.OK, "catalog/"},
		{"undeclared method", alice, undeclared, codes.PermissionDenied, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := new(wrapperspb.StringValue)
			err := conn.Invoke(tt.ctx, tt.method, &emptypb.Empty{}, out)
			assert.Equal(t, tt.wantCode, status.Code(err), "%v", err)
			assert.Equal(t, tt.want, out.GetValue())
		})
	}
}

func TestUnsignedCallsAreRefused(t *testing.T) {
	addr := startEcho(t)
	other := secrets.MustRoot(strings.Repeat("o", secrets.MinLength))
	tests := []struct {
		name     string
		creds    *Credentials
		wantCode codes.Code
	}{
		{"no credentials", nil, codes.Unauthenticated},
		{"another root's key", new(CallerCredentials(other, Gateway)), codes.Unauthenticated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn := plainConn(t, addr)
			ctx := principal.NewContext(t.Context(), principal.Principal{AccountID: "alice"})
			if tt.creds != nil {
				ctx = principal.AppendToOutgoing(ctx, principal.NewCall(Gateway, readMethod, principal.Principal{AccountID: "alice"}), tt.creds.key)
			}
			err := conn.Invoke(ctx, readMethod, &emptypb.Empty{}, &emptypb.Empty{})
			assert.Equal(t, tt.wantCode, status.Code(err))
			assert.True(t, RefusedByAccessCheck(err))
		})
	}
}

func TestHealthIsOpen(t *testing.T) {
	conn := plainConn(t, startEcho(t))
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	_, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	assert.NoError(t, err)
}

func TestZeroRootVerifiesNoCaller(t *testing.T) {
	keys := CallerKeys(secrets.Root{})
	for _, caller := range Callers {
		assert.Nil(t, keys(caller))
	}
}

// plainConn is a connection that signs nothing.
func plainConn(t *testing.T, addr string) *grpc.ClientConn {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}
