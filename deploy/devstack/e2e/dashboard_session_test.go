package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// Browser tests share one Chromium, so its cookies (and a cookie ignores
// the port): a test that leaves a session behind signs the next one in.
// Every dashboard test that signs in goes through these.

// forgetSessionAtEnd deletes the suite's session cookie from the browser
// when t ends, so later tests on the shared browser start signed out. The
// gateway's URL is taken now: the cleanup runs after withSuite has
// returned, when suiteOf(t) is the shared suite again.
func forgetSessionAtEnd(t *testing.T, tab context.Context) {
	t.Helper()
	gateway := suiteOf(t).URL
	t.Cleanup(func() {
		_ = chromedp.Do(tab, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			_, err := cdp.Call(ctx, target, network.DeleteCookies, network.DeleteCookiesParams{Name: sessionCookie, URL: gateway})
			return err
		}))
	})
}

// startSignedOut deletes any session cookie the shared browser still holds
// for the gateway's host before a test signs in: a cleanup of an earlier
// test that could not run (a tab closed under load) must not sign this one in.
func startSignedOut(t *testing.T, tab context.Context) {
	t.Helper()
	require.NoError(t, chromedp.Do(tab, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, network.DeleteCookies, network.DeleteCookiesParams{Name: sessionCookie, URL: suiteOf(t).URL})
		return err
	})))
}

// useSession puts a session cookie (made through the API) into the
// browser, forgotten when t ends.
func useSession(t *testing.T, tab context.Context, cookie string) {
	t.Helper()
	require.NoError(t, chromedp.Do(tab, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, network.SetCookie, network.SetCookieParams{Name: sessionCookie, Value: cookie, URL: suiteOf(t).URL})
		return err
	})))
	forgetSessionAtEnd(t, tab)
}
