package e2e

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/pquerna/otp/totp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// TestDashboardTeamAndAccount walks issue 18's Team and Account pages in
// headless Chromium: the owner invites someone from the dashboard (a bad
// address refused beside its field), the invite is read from Mailpit and
// accepted in a private browser context, which signs the new person in,
// who sees their role and sets up multi-factor codes from the page's QR
// secret; the owner changes their role and disables them, manages a
// single sign-on provider, reads plan and usage and filters the audit
// log; the owner of a free account sees the audit log's plan_required as
// words. Every page passes axe-core and is photographed at 1280 and 390 px.
func TestDashboardTeamAndAccount(t *testing.T) {
	t.Parallel() // on a suite and in a browser context of its own (suites_test.go, browsertest.NewTab)
	if testing.Short() {
		t.Skip("a browser")
	}
	withSuite(t, newSuite(t, 0), "local", func() {
		secret := ownerWithTOTP(t)
		ctx := browsertest.NewTab(t)
		signInThroughTheDashboard(t, ctx, secret)
		email := inviteFromTheDashboard(t, ctx)
		guest := browsertest.NewPrivateTab(t)
		acceptInTheBrowser(t, guest, inviteToken(t, email, 1), "Guest Person", "a long enough password")
		require.NoError(t, chromedp.Do(guest, chromedp.Navigate(suiteOf(t).URL+"/team")))
		seeOwnRole(t, guest, email, "uploader")
		requireCodes(t, ctx, true)
		enrolAtTheGate(t, guest)
		requireCodes(t, ctx, false)
		changeRoleAndDisable(t, ctx, email)
		identityProviders(t, ctx)
		planAndUsage(t, ctx)
		auditLogPage(t, ctx)
		auditLogNeedsEnterprise(t)
	})
}

// inviteFromTheDashboard: the Team page lists the owner; an invite to a bad
// address is refused beside the email field; a good one is listed pending.
func inviteFromTheDashboard(t *testing.T, ctx context.Context) string {
	t.Helper()
	openSection(t, ctx, "/team", "Team")
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('tr[data-user-email="`+suiteOf(t).Credentials.OwnerEmail+`"]') && !!document.querySelector('.vh-empty')`)
	require.Contains(t, browsertest.Eval[string](t, ctx, `document.querySelector('.vh-empty').textContent`), "Invite someone above")
	checkPage(t, ctx, "team-empty")

	fill(t, ctx, "#vh-invite-email", "not an address")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form[aria-labelledby=vh-invite-title] button[type=submit]`))))
	message := browsertest.Poll[string](t, ctx, `document.getElementById('vh-invite-email-error').textContent`)
	require.Contains(t, message, "email must be an email address")
	require.Equal(t, "true", browsertest.Eval[string](t, ctx, `document.getElementById('vh-invite-email').getAttribute('aria-invalid')`))

	email := uniqueWord(t, "guest") + "@example.com"
	fill(t, ctx, "#vh-invite-email", email)
	fill(t, ctx, "#vh-invite-role", "uploader")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form[aria-labelledby=vh-invite-title] button[type=submit]`))))
	row := `document.querySelector('tr[data-invite-email="` + email + `"]')`
	browsertest.Poll[bool](t, ctx, `!!`+row+` && `+row+`.cells[2].textContent.startsWith('Pending until')`)
	require.Equal(t, "uploader", browsertest.Eval[string](t, ctx, row+`.cells[1].textContent`))
	require.Empty(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-invite-email-error').textContent`))
	checkPage(t, ctx, "team")
	return email
}

// acceptInTheBrowser opens the mailed link in tab and joins with name and
// password: the page signs the person in and opens the dashboard (issue 28).
func acceptInTheBrowser(t *testing.T, tab context.Context, token, name, password string) {
	t.Helper()
	openAndJoin(t, tab, token, name, password)
	landed(t, tab)
	pollThroughNavigation(t, tab, `document.querySelector('main h1')?.textContent === 'Videos'`)
}

// landed waits until the invite page has left for the dashboard, failing
// with what the page said if it stayed.
func landed(t *testing.T, tab context.Context) {
	t.Helper()
	const where = `location.pathname === '/' ? 'the dashboard' : (document.getElementById('vh-invite-status')?.textContent ?? '')`
	var said string
	require.Eventually(t, func() bool {
		got, err := chromedp.Run(tab, chromedp.Evaluate[string](where))
		said = got
		// Still on its way: nothing yet, joining, or opening the dashboard.
		return err == nil && got != "" && got != "Joining…" && !strings.HasSuffix(got, "Opening your dashboard…")
	}, browsertest.WaitTimeout, browsertest.PollInterval, "the invite page never settled")
	require.Equal(t, "the dashboard", said, "the invite page said")
}

// openAndJoin opens the mailed link in tab and sends the form.
func openAndJoin(t *testing.T, tab context.Context, token, name, password string) {
	t.Helper()
	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/invites/accept#token="+token)))
	checkPage(t, tab, "invite")
	require.NoError(t, chromedp.Do(tab,
		chromedp.SendKeys(chromedp.CSS("#vh-invite-name"), name),
		chromedp.SendKeys(chromedp.CSS("#vh-invite-password"), password),
		chromedp.SendKeys(chromedp.CSS("#vh-invite-confirm"), password),
		chromedp.Click(chromedp.CSS(`#vh-invite-form button[type=submit]`)),
	))
}

// signInWithPassword signs in at /signin as a person without codes.
func signInWithPassword(t *testing.T, tab context.Context, email, password string) {
	t.Helper()
	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/team")))
	require.Equal(t, "/signin", browsertest.Eval[string](t, tab, `location.pathname`), "this context has no session")
	require.NoError(t, chromedp.Do(tab,
		chromedp.SendKeys(chromedp.CSS("#vh-signin-email"), email),
		chromedp.SendKeys(chromedp.CSS("#vh-signin-password"), password),
		chromedp.Click(chromedp.CSS(`#vh-signin-form button[type=submit]`)),
	))
	pollThroughNavigation(t, tab, `location.pathname === '/team' && document.querySelector('h1')?.textContent === 'Team'`)
}

// seeOwnRole: the new person is listed with role, and the page offers them
// none of an admin's controls.
func seeOwnRole(t *testing.T, tab context.Context, email, role string) {
	t.Helper()
	row := `document.querySelector('tr[data-user-email="` + email + `"]')`
	browsertest.Poll[bool](t, tab, `!!`+row)
	assert.Equal(t, role, browsertest.Eval[string](t, tab, row+`.querySelector('[data-role]').textContent`))
	assert.True(t, browsertest.Eval[bool](t, tab, row+`.cells[0].textContent.includes('Guest Person (you)')`))
	assert.Contains(t, browsertest.Eval[string](t, tab, `document.querySelector('.vh-note').textContent`), "Your role is "+role)
	assert.Zero(t, browsertest.Eval[int](t, tab, `document.querySelectorAll('main select, main tr .vh-button-danger, #vh-invite-email').length`), "no role changes, deletes or invites")
	assert.Contains(t, browsertest.Eval[string](t, tab, `document.querySelector('.vh-account-panel').textContent`), "("+role+")")
}

// requireCodes: the owner switches the account's multi-factor requirement
// on the plan and usage page.
func requireCodes(t *testing.T, ctx context.Context, on bool) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/account")))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Plan and usage'`)
	button, want := "Require codes for everyone", "Required:"
	if !on {
		button, want = "Stop requiring codes", "Not required:"
	}
	browsertest.Poll[bool](t, ctx, `[...document.querySelectorAll('main button')].some(b => b.textContent === `+jsString(button)+`)`)
	browsertest.Eval[chromedp.Void](t, ctx, `void [...document.querySelectorAll('main button')].find(b => b.textContent === `+jsString(button)+`).click()`)
	browsertest.Poll[bool](t, ctx, `[...document.querySelectorAll('main p')].some(p => p.textContent.startsWith(`+jsString(want)+`))`)
}

// enrolAtTheGate: with codes required, the person's dashboard is enrolment
// until it is done: the QR code and the secret shown, a wrong code refused
// beside the field, a code from the secret accepted, ten recovery codes,
// then the dashboard; their security page then says codes are on.
func enrolAtTheGate(t *testing.T, tab context.Context) {
	t.Helper()
	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/team")))
	browsertest.Poll[bool](t, tab, `document.querySelector('h1')?.textContent === 'Set up multi-factor sign-in' && !!document.querySelector('main .vh-button-primary')`)
	checkPage(t, tab, "enrolment-required")
	require.NoError(t, chromedp.Do(tab, chromedp.Click(chromedp.CSS(`main .vh-button-primary`))))
	browsertest.Poll[bool](t, tab, `!!document.getElementById('vh-mfa-secret') && document.querySelector('.vh-qr').complete && document.querySelector('.vh-qr').naturalWidth > 0`)
	require.True(t, browsertest.Eval[bool](t, tab, `document.querySelector('.vh-qr').src.startsWith('data:image/png;base64,')`))
	require.True(t, browsertest.Eval[bool](t, tab, `document.querySelector('.vh-enrol a').href.startsWith('otpauth://totp/Vidhost:')`))
	secret := browsertest.Eval[string](t, tab, `document.getElementById('vh-mfa-secret').textContent`)
	checkPage(t, tab, "security-enrol")

	fill(t, tab, "#vh-mfa-code", "000000")
	require.NoError(t, chromedp.Do(tab, chromedp.Click(chromedp.CSS(`.vh-enrol button[type=submit]`))))
	refused := browsertest.Poll[string](t, tab, `document.getElementById('vh-mfa-code-error').textContent`)
	assert.NotEmpty(t, refused, "a wrong code is refused beside the field")

	code, err := totp.GenerateCode(secret, time.Now())
	require.NoError(t, err)
	fill(t, tab, "#vh-mfa-code", code)
	require.NoError(t, chromedp.Do(tab, chromedp.Click(chromedp.CSS(`.vh-enrol button[type=submit]`))))
	browsertest.Poll[bool](t, tab, `document.querySelectorAll('#vh-recovery-codes li').length === 10`)
	checkPage(t, tab, "security-recovery")
	require.NoError(t, chromedp.Do(tab, chromedp.Click(chromedp.CSS(`.vh-secret .vh-button:not([aria-label])`))))
	pollThroughNavigation(t, tab, `location.pathname === '/videos' && document.querySelector('h1')?.textContent === 'Videos'`)

	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/account/security")))
	browsertest.Poll[bool](t, tab, `document.querySelector('h1')?.textContent === 'Your sign-in security' && !!document.getElementById('vh-mfa-off-code')`)
	assert.Zero(t, browsertest.Eval[int](t, tab, `document.querySelectorAll('.vh-tabs a[href="/account/audit-log"]').length`), "an uploader is not offered the audit log")
	checkPage(t, tab, "security")
}

// changeRoleAndDisable: the owner sees the new person, makes them a viewer
// and disables them; the API agrees.
func changeRoleAndDisable(t *testing.T, ctx context.Context, email string) {
	t.Helper()
	openSection(t, ctx, "/team", "Team")
	row := `document.querySelector('tr[data-user-email="` + email + `"]')`
	browsertest.Poll[bool](t, ctx, `!!`+row+` && `+row+`.cells[2].textContent.includes('+ code')`)
	// The accepted invite is no longer waiting.
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('.vh-empty')?.textContent.includes('No invites waiting')`)
	id := browsertest.Eval[string](t, ctx, row+`.querySelector('select').id`)
	fill(t, ctx, "#"+id, "viewer")
	browsertest.Eval[chromedp.Void](t, ctx, `void `+row+`.querySelector('form button[type=submit]').click()`)
	browsertest.Poll[bool](t, ctx, row+`.querySelector('select').value === 'viewer' && `+row+`.querySelector('form button[type=submit]').disabled`)
	browsertest.Eval[chromedp.Void](t, ctx, `void `+row+`.querySelector('.vh-row-actions button').click()`)
	browsertest.Poll[bool](t, ctx, row+`.cells[3].textContent === 'Disabled'`)
	checkPage(t, ctx, "team-people")

	var users []struct {
		Email       string `json:"email"`
		Role        string `json:"role"`
		Enabled     bool   `json:"enabled"`
		MfaRequired bool   `json:"mfa_required"`
	}
	mustOK(t, call(t, "GET", "/v2/users", ownerOf(t), nil)).decode(t, &users)
	found := false
	for _, u := range users {
		if u.Email == email {
			found = true
			assert.Equal(t, "viewer", u.Role)
			assert.False(t, u.Enabled)
			assert.True(t, u.MfaRequired, "enrolled from the dashboard")
		}
	}
	require.True(t, found, email)
}

// identityProviders: empty state, a refused issuer beside its field, a
// provider added, renamed and deleted.
func identityProviders(t *testing.T, ctx context.Context) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-tabs a[href="/team/sso"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Single sign-on' && !!document.querySelector('.vh-empty')`)
	checkPage(t, ctx, "sso-empty")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`main .vh-button-primary`))))
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-idp-name')`)
	domain := uniqueWord(t, "corp") + ".example.com"
	fill(t, ctx, "#vh-idp-name", "Corporate")
	fill(t, ctx, "#vh-idp-issuer", "ftp://idp.example.com")
	fill(t, ctx, "#vh-idp-client", "vidhost")
	fill(t, ctx, "#vh-idp-secret", "s3cret-value")
	fill(t, ctx, "#vh-idp-domains", domain)
	fill(t, ctx, "#vh-idp-role", "uploader")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form[aria-labelledby=vh-idp-title] button[type=submit]`))))
	message := browsertest.Poll[string](t, ctx, `document.getElementById('vh-idp-issuer-error').textContent`)
	require.Contains(t, message, "issuer_url must be an https URL")
	require.Empty(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-idp-name-error').textContent`))
	checkPage(t, ctx, "sso-error")

	fill(t, ctx, "#vh-idp-issuer", "https://idp.example.com/")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form[aria-labelledby=vh-idp-title] button[type=submit]`))))
	row := `document.querySelector('tr[data-provider="Corporate"]')`
	browsertest.Poll[bool](t, ctx, `!!`+row+` && `+row+`.cells[1].textContent === '`+domain+`' && `+row+`.cells[2].textContent === 'uploader'`)
	checkPage(t, ctx, "sso")

	browsertest.Eval[chromedp.Void](t, ctx, `void `+row+`.querySelector('.vh-button').click()`)
	browsertest.Poll[bool](t, ctx, `document.getElementById('vh-idp-name')?.value === 'Corporate'`)
	fill(t, ctx, "#vh-idp-name", "Corporate SSO")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form[aria-labelledby=vh-idp-title] button[type=submit]`))))
	row = `document.querySelector('tr[data-provider="Corporate SSO"]')`
	browsertest.Poll[bool](t, ctx, `!!`+row)
	var providers []struct {
		Name           string   `json:"name"`
		AllowedDomains []string `json:"allowed_domains"`
		DefaultRole    string   `json:"default_role"`
	}
	mustOK(t, call(t, "GET", "/v2/identity_providers", ownerOf(t), nil)).decode(t, &providers)
	require.Len(t, providers, 1)
	assert.Equal(t, "Corporate SSO", providers[0].Name, "renamed; the secret left blank was kept")
	assert.Equal(t, []string{domain}, providers[0].AllowedDomains)
	assert.Equal(t, "uploader", providers[0].DefaultRole, "the edit form started from the provider's role")

	browsertest.Eval[chromedp.Void](t, ctx, `void `+row+`.querySelector('.vh-button-danger').click()`)
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') === null && !!document.querySelector('.vh-empty')`)
}

// planAndUsage: the bootstrap account's plan, its two people, and usage.
func planAndUsage(t *testing.T, ctx context.Context) {
	t.Helper()
	openSection(t, ctx, "/account", "Plan and usage")
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('[data-usage=people] meter') && !!document.querySelector('[data-usage=storage] meter') && !!document.querySelector('[data-usage=minutes]')`)
	assert.Equal(t, "enterprise", browsertest.Eval[string](t, ctx, `document.querySelector('.vh-plan').dataset.plan`))
	assert.Contains(t, browsertest.Eval[string](t, ctx, `document.querySelector('[data-usage=people]').textContent`), "2 people and 0 pending invites of 1000")
	assert.Contains(t, browsertest.Eval[string](t, ctx, `document.querySelector('[data-usage=storage]').textContent`), "of 10.0 TB (the enterprise plan’s quota)")
	assert.Contains(t, browsertest.Eval[string](t, ctx, `document.querySelector('[data-usage=minutes]').textContent`), "0 minutes in 0 videos")
	assert.Contains(t, browsertest.Eval[string](t, ctx, `document.querySelector('.vh-empty').textContent`), "upload your first")
	checkPage(t, ctx, "account")
}

// auditLogPage: the owner's changes above are listed; filters narrow them and
// stay in the address; a range the API refuses is shown beside its field.
func auditLogPage(t *testing.T, ctx context.Context) {
	t.Helper()
	// From the keyboard: the sub-navigation's link, Enter, and focus lands on the new page's heading.
	browsertest.Eval[chromedp.Void](t, ctx, `void document.querySelector('.vh-tabs a[href="/account/audit-log"]').focus()`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Audit log' && document.activeElement === document.querySelector('h1') && document.querySelectorAll('.vh-audit tbody tr').length > 0`)
	checkPage(t, ctx, "auditlog")

	fill(t, ctx, "#vh-audit-entity-type", "invites")
	fill(t, ctx, "#vh-audit-action", "create")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-audit-filters button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, `location.search === '?entity_type=invites&action_type=create' && [...document.querySelectorAll('.vh-audit tbody tr')].length === 1`)
	assert.Equal(t, "invites.create", browsertest.Eval[string](t, ctx, `document.querySelector('.vh-audit tbody tr').dataset.entry`))
	assert.Equal(t, "invites", browsertest.Eval[string](t, ctx, `document.getElementById('vh-audit-entity-type').value`), "the form shows the filter in force")
	assert.Contains(t, browsertest.Eval[string](t, ctx, `document.querySelector('.vh-audit tbody tr').textContent`), "Person", "the owner, by name")
	checkPage(t, ctx, "auditlog-filtered")

	today := time.Now().UTC().Format(time.DateOnly)
	tomorrow := time.Now().UTC().AddDate(0, 0, 1).Format(time.DateOnly)
	fill(t, ctx, "#vh-audit-start", tomorrow)
	fill(t, ctx, "#vh-audit-end", today)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-audit-filters button[type=submit]`))))
	message := browsertest.Poll[string](t, ctx, `document.getElementById('vh-audit-end-error')?.textContent ?? ''`)
	assert.Equal(t, "end must be after start", message)

	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/account/audit-log?entity_type=videos")))
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-empty')?.textContent.includes('Nothing matches these filters')`)
}

// auditLogNeedsEnterprise: the owner of a free account is told what the
// plan_required refusal means, not shown an error.
func auditLogNeedsEnterprise(t *testing.T) {
	t.Helper()
	email := uniqueWord(t, "free") + "@example.com"
	code, out := admin(t, "accounts", "create", "--name", "Free e2e", "--owner-email", email, "--plan", "free")
	require.Equal(t, 0, code, out)
	mustOK(t, acceptInvite(t, inviteToken(t, email, 1), "Free Owner", "a long enough password"))
	tab := browsertest.NewPrivateTab(t)
	signInWithPassword(t, tab, email, "a long enough password")
	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/account/audit-log")))
	browsertest.Poll[bool](t, tab, `!!document.querySelector('.vh-plan-required')`)
	assert.Contains(t, browsertest.Eval[string](t, tab, `document.querySelector('.vh-plan-required h2').textContent`), "Enterprise plan")
	assert.Zero(t, browsertest.Eval[int](t, tab, `document.querySelectorAll('.vh-problem, .vh-audit-filters').length`), "no error, no filters")
	checkPage(t, tab, "auditlog-plan")

	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/account")))
	browsertest.Poll[bool](t, tab, `document.querySelector('.vh-plan')?.dataset.plan === 'free' && !!document.querySelector('[data-usage=people] meter')`)
	assert.Contains(t, browsertest.Eval[string](t, tab, `document.querySelector('[data-usage=people]').textContent`), "Every seat is taken")
	checkPage(t, tab, "account-free")
}

// TestAccountUsageThroughTheGateway reads the three usage routes with the
// suite's key, as a program would (docs/account.md).
func TestAccountUsageThroughTheGateway(t *testing.T) {
	var account struct {
		ID     string `json:"id"`
		Plan   string `json:"plan"`
		Users  int    `json:"users"`
		Limits struct {
			AuditLogs        bool   `json:"audit_logs"`
			UploadQuotaBytes string `json:"upload_quota_bytes"`
			MaxUsers         int    `json:"max_users"`
		} `json:"limits"`
	}
	mustOK(t, call(t, "GET", "/v2/account", ownerOf(t), nil)).decode(t, &account)
	assert.Equal(t, "enterprise", account.Plan)
	assert.True(t, account.Limits.AuditLogs)
	assert.Equal(t, "10995116277760", account.Limits.UploadQuotaBytes, "a 64-bit number is a JSON string")
	assert.Equal(t, 1000, account.Limits.MaxUsers)
	assert.GreaterOrEqual(t, account.Users, 1)

	var before struct {
		Bytes      string `json:"bytes"`
		QuotaBytes string `json:"quota_bytes"`
		InProgress int    `json:"in_progress"`
	}
	mustOK(t, call(t, "GET", "/v2/account/uploads", ownerOf(t), nil)).decode(t, &before)
	require.NotEmpty(t, before.QuotaBytes)
	mustOK(t, call(t, "POST", "/v2/uploads", ownerOf(t), map[string]any{"name": "usage.mp4", "size": 4096}))
	var after struct {
		Bytes string `json:"bytes"`
	}
	mustOK(t, call(t, "GET", "/v2/account/uploads", ownerOf(t), nil)).decode(t, &after)
	assert.Equal(t, addDecimal(t, before.Bytes, 4096), after.Bytes, "a pending upload counts at once")

	var videos struct {
		Videos          int     `json:"videos"`
		DurationSeconds float64 `json:"duration_seconds"`
	}
	r := call(t, "GET", "/v2/account/videos", ownerOf(t), nil)
	mustOK(t, r).decode(t, &videos)
	assert.GreaterOrEqual(t, videos.DurationSeconds, 0.0)
	assert.True(t, strings.Contains(r.Raw, `"live_now"`), r.Raw)
	mustFail(t, call(t, "GET", "/v2/account", "", nil), http.StatusUnauthorized, "")
}

func addDecimal(t *testing.T, n string, add int64) string {
	t.Helper()
	v, err := strconv.ParseInt(n, 10, 64)
	require.NoError(t, err, n)
	return strconv.FormatInt(v+add, 10)
}
