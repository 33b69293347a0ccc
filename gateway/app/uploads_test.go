package app

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// The tus proxy signs the real principal as the gateway's call for the
// request's HTTP method only, over whatever X-Vidhost-* the client sent.
func TestTusProxySignsPerMethod(t *testing.T) {
	key := secrets.MustRoot("tus-proxy-test-secret-tus-proxy-test").Derive(secrets.InternalCall(grpcx.Gateway))
	keys := func(caller string) []byte {
		if caller == grpcx.Gateway {
			return key
		}
		return nil
	}
	target, err := url.Parse("http://upload.internal:9180")
	require.NoError(t, err)
	in := httptest.NewRequest(http.MethodPatch, "/v2/uploads/tus/abc", nil)
	in.Header.Set("X-Vidhost-Account", "victim")
	in.Header.Set("X-Vidhost-Caller", "operator")
	in = in.WithContext(principal.NewContext(in.Context(), principal.Principal{AccountID: "acc1", ReadOnly: true}))
	pr := &httputil.ProxyRequest{In: in, Out: in.Clone(in.Context())}

	signedRewrite(target, key)(pr)

	call, ok, err := principal.FromHeaders(pr.Out.Header, principal.TusMethod(http.MethodPatch), keys)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, grpcx.Gateway, call.Caller)
	assert.Equal(t, principal.Principal{AccountID: "acc1", ReadOnly: true}, call.Principal)
	_, _, err = principal.FromHeaders(pr.Out.Header, principal.TusMethod(http.MethodDelete), keys)
	assert.ErrorIs(t, err, principal.ErrBadSignature, "a signed PATCH is no DELETE")
}
