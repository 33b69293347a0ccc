package grpcx

import (
	"net/http"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

// The callers of internal calls. Each signs with its own key, derived from
// the root secret as secrets.InternalCall(name).
const (
	// Gateway forwards /v2 requests with the key's principal, authenticates
	// bearer keys, and runs the playback edge (watch pages, embeds, leads).
	Gateway = "gateway"
	// Catalog resolves upload references for the client it acts for.
	Catalog = "catalog"
	// Live is the live ingest service: it checks publishers' stream keys
	// with the catalog (docs/live.md).
	Live = "live"
	// Operator is admin tooling (and tests playing it): never reachable
	// through /v2.
	Operator = "operator"
)

// Callers are every caller a server knows a key for.
var Callers = []string{Gateway, Catalog, Live, Operator}

var (
	byGateway  = []string{Gateway}
	byCatalog  = []string{Catalog}
	byOperator = []string{Operator}
	byLive     = []string{Live}
)

// Policy is who may call what, for every method of every service: the
// callers allowed, whether an account principal is required, whether the
// method writes (read-only keys refused), and the least role a signed-in
// person needs (docs/roles.md; API keys are not held to it). A method
// missing here is refused (default deny); only the gRPC health service is
// open to all.
// Each service's tests check that its descriptor has no method left out.
var Policy = map[string]Rule{
	// Identity: API keys and JWT keys through /v2.
	"/vidhost.identity.v1.IdentityService/CreateApiKey":                 {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/ListApiKeys":                  {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/ListApiKeySummaries":          {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/GetApiKey":                    {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/UpdateApiKey":                 {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/DeleteApiKey":                 {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/CreateJwtKey":                 {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/ListJwtKeys":                  {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/GetJwtKey":                    {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/DeleteJwtKey":                 {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/ListUsers":                    {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.identity.v1.IdentityService/GetUser":                      {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.identity.v1.IdentityService/UpdateUser":                   {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/DeleteUser":                   {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/CreateInvite":                 {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/ListInvites":                  {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/GetInvite":                    {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/DeleteInvite":                 {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/ResendInvite":                 {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/GetAccountSummary":            {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.identity.v1.IdentityService/ListAuditLogs":                {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/CreateIdentityProvider":       {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/ListIdentityProviders":        {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/GetIdentityProvider":          {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/UpdateIdentityProvider":       {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/DeleteIdentityProvider":       {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.identity.v1.IdentityService/VerifyIdentityProviderDomain": {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	// Identity, internal: the gateway resolving a bearer key (before any
	// principal exists), the playback edge verifying a viewer JWT, and the
	// gateway's invite page for an invitee, who has no principal (the
	// invite's token is the credential).
	"/vidhost.identity.v1.IdentityService/Authenticate":    {Callers: byGateway},
	"/vidhost.identity.v1.IdentityService/GetJwtPublicKey": {Callers: byGateway},
	"/vidhost.identity.v1.IdentityService/AcceptInvite":    {Callers: byGateway, Write: true},
	// The gateway's POST /v2/tokens auditing a token it minted for the
	// principal (docs/tokens.md).
	"/vidhost.identity.v1.IdentityService/RecordToken": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	// Single sign-on's pages, for a person who has no principal yet: the
	// sealed flow cookie and the provider's signed ID token are the
	// credentials (docs/identity-providers.md).
	"/vidhost.identity.v1.IdentityService/BeginSso":    {Callers: byGateway},
	"/vidhost.identity.v1.IdentityService/CompleteSso": {Callers: byGateway, Write: true},
	// Identity, sign-in (docs/authentication.md): the gateway's /v2/session,
	// whose credential is the password or the cookie's token (no principal
	// yet), and the signed-in user's multi-factor codes (users only:
	// identity refuses API keys).
	"/vidhost.identity.v1.SessionService/SignIn":                {Callers: byGateway, Write: true},
	"/vidhost.identity.v1.SessionService/ResolveSession":        {Callers: byGateway},
	"/vidhost.identity.v1.SessionService/SignOut":               {Callers: byGateway, Write: true},
	"/vidhost.identity.v1.SessionService/ChangePassword":        {Callers: byGateway, Write: true},
	"/vidhost.identity.v1.SessionService/RecordRefusal":         {Callers: byGateway, Write: true},
	"/vidhost.identity.v1.SessionService/RequestPasswordReset":  {Callers: byGateway, Write: true},
	"/vidhost.identity.v1.SessionService/ResetPassword":         {Callers: byGateway, Write: true},
	"/vidhost.identity.v1.SessionService/EnrolMfa":              {Callers: byGateway, Account: true, Write: true, Role: roles.Viewer},
	"/vidhost.identity.v1.SessionService/ConfirmMfa":            {Callers: byGateway, Account: true, Write: true, Role: roles.Viewer},
	"/vidhost.identity.v1.SessionService/DisableMfa":            {Callers: byGateway, Account: true, Write: true, Role: roles.Viewer},
	"/vidhost.identity.v1.SessionService/SetAccountMfaRequired": {Callers: byGateway, Account: true, Write: true, Role: roles.Owner},
	// Identity, the operator's: accounts and plans (docs/operator.md). No
	// account principal: they act on any account.
	"/vidhost.identity.v1.IdentityAdminService/CreateAccount":  {Callers: byOperator, Write: true},
	"/vidhost.identity.v1.IdentityAdminService/ListAccounts":   {Callers: byOperator},
	"/vidhost.identity.v1.IdentityAdminService/SetAccountPlan": {Callers: byOperator, Write: true},
	"/vidhost.identity.v1.IdentityAdminService/DisableAccount": {Callers: byOperator, Write: true},
	"/vidhost.identity.v1.IdentityAdminService/RecoverKey":     {Callers: byOperator, Write: true},
	"/vidhost.identity.v1.IdentityAdminService/EnableAccount":  {Callers: byOperator, Write: true},
	"/vidhost.identity.v1.IdentityAdminService/VerifyDomain":   {Callers: byOperator, Write: true},

	// Catalog through /v2. GetPlayer is also the playback edge's, with a
	// read-only principal of the video's account.
	"/vidhost.catalog.v1.CatalogService/CreateCategory":    {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.catalog.v1.CatalogService/ListCategories":    {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/GetCategory":       {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/UpdateCategory":    {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.catalog.v1.CatalogService/DeleteCategory":    {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.catalog.v1.CatalogService/CreatePlayer":      {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.catalog.v1.CatalogService/ListPlayers":       {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/GetPlayer":         {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/UpdatePlayer":      {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.catalog.v1.CatalogService/DeletePlayer":      {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.catalog.v1.CatalogService/CreateVideo":       {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/GetVideoUsage":     {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/ListVideos":        {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/GetVideo":          {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/UpdateVideo":       {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/DeleteVideo":       {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/CreateCard":        {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/UpdateCard":        {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/DeleteCard":        {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/CreateGate":        {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/UpdateGate":        {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/DeleteGate":        {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/CreateHotspot":     {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/UpdateHotspot":     {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/DeleteHotspot":     {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/CreateChapter":     {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/UpdateChapter":     {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/DeleteChapter":     {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/CreateTrack":       {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/DeleteTrack":       {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/SetThumbnail":      {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/CreateFolder":      {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/ListFolders":       {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/GetFolder":         {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/UpdateFolder":      {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/DeleteFolder":      {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/ListFolderVideos":  {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/AddFolderVideo":    {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/RemoveFolderVideo": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/ListLeads":         {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/DeleteLead":        {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.catalog.v1.CatalogService/CreateTranscribe":  {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/ListTranscribes":   {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/GetTranscribe":     {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/DeleteTranscribe":  {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	// Catalog, internal: the playback edge, for viewers who have no
	// principal; the edge enforces privacy and the catalog checks the gate.
	"/vidhost.catalog.v1.CatalogService/GetVideoForPlayback": {Callers: byGateway},
	"/vidhost.catalog.v1.CatalogService/SubmitLead":          {Callers: byGateway, Write: true},
	// A live event's stream key through /v2: reading it is a viewer's (a
	// read-only key sees it redacted), rotating and revoking an uploader's.
	"/vidhost.catalog.v1.CatalogService/GetStreamKey":    {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/RotateStreamKey": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/RevokeStreamKey": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	// A live event's restreams: reading them shows no key; changing them
	// sends the stream elsewhere, so it takes a writer (docs/live.md).
	"/vidhost.catalog.v1.CatalogService/CreateRestream": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/ListRestreams":  {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/GetRestream":    {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.catalog.v1.CatalogService/UpdateRestream": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.catalog.v1.CatalogService/DeleteRestream": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	// An instant clip is a new video: who may create videos may make one.
	"/vidhost.catalog.v1.CatalogService/CreateClip": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	// Catalog, internal: the live service checking a publisher's stream
	// key, the publisher's only credential (no principal).
	"/vidhost.catalog.v1.CatalogService/AuthorizePublish": {Callers: byLive},
	// The live service reports its outputs' states; the request names the
	// account the grant did.
	"/vidhost.catalog.v1.CatalogService/ReportRestreamStatus": {Callers: byLive},

	// Upload through /v2 (tus has its own check: principal.TusMethod).
	"/vidhost.upload.v1.UploadService/CreateUpload": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.upload.v1.UploadService/ListUploads":  {Callers: byGateway, Account: true, Role: roles.Viewer},
	"/vidhost.upload.v1.UploadService/DeleteUpload": {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},

	// The account's upload usage (GET /v2/account/uploads, docs/account.md).
	"/vidhost.upload.v1.UploadService/GetUploadUsage": {Callers: byGateway, Account: true, Role: roles.Viewer},
	// Upload's tus endpoint: HTTP through the gateway's tus proxy, checked by
	// the upload service itself (services/upload/internal/tus), which reads
	// these rules for their role.
	principal.TusMethod(http.MethodPost):   {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	principal.TusMethod(http.MethodHead):   {Callers: byGateway, Account: true, Role: roles.Uploader},
	principal.TusMethod(http.MethodPatch):  {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	principal.TusMethod(http.MethodDelete): {Callers: byGateway, Account: true, Write: true, Role: roles.Uploader},
	// Upload, internal: the catalog taking an upload, or asking what a URL
	// source may take, for the client it acts for; operators reading and
	// setting any account's limits.
	"/vidhost.upload.v1.UploadService/ResolveUpload":      {Callers: byCatalog, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.upload.v1.UploadService/AllowUrlSource":     {Callers: byCatalog, Account: true, Write: true, Role: roles.Uploader},
	"/vidhost.upload.v1.UploadService/GetAccountSettings": {Callers: byOperator},
	"/vidhost.upload.v1.UploadService/SetAccountSettings": {Callers: byOperator, Write: true},

	// Analytics through /v2: views reports of the caller's account (docs/analytics.md).
	"/vidhost.analytics.v1.AnalyticsService/GetViews": {Callers: byGateway, Account: true, Role: roles.Viewer},

	// Hooks through /v2: services and hooks (docs/services.md, docs/hooks.md).
	// Admins only, reading included: they send the account's videos out and
	// hold credentials, as API keys do.
	"/vidhost.hooks.v1.HooksService/CreateService":       {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/ListServices":        {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/GetService":          {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/UpdateService":       {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/DeleteService":       {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/RotateServiceSecret": {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/CreateHook":          {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/ListHooks":           {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/GetHook":             {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/UpdateHook":          {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/DeleteHook":          {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/ListDeliveries":      {Callers: byGateway, Account: true, Role: roles.Admin},
	"/vidhost.hooks.v1.HooksService/RetryDelivery":       {Callers: byGateway, Account: true, Write: true, Role: roles.Admin},
}
