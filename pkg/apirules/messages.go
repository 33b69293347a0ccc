package apirules

// Messages is the table: each request message the interface reads, by
// proto full name. A create requires what its resource cannot exist
// without; its PATCH body (the resource's own message) requires nothing but
// a change.
var Messages = map[string]Message{
	"vidhost.catalog.v1.CreateVideoRequest": {Fields: with(required(videoFieldsShared, "name"),
		"transcoder", Rule{Enum: VideoTranscoders, EnumText: transcoderText()})},
	"vidhost.catalog.v1.Video":                 {Fields: videoFieldsShared, AtLeastOne: true},
	"vidhost.catalog.v1.CreateClipRequest":     {Fields: required(clipFields, "start_seconds", "end_seconds")},
	"vidhost.catalog.v1.CreatePlayerRequest":   {Fields: required(playerFields, "name")},
	"vidhost.catalog.v1.Player":                {Fields: playerFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateFolderRequest":   {Fields: required(folderFields, "name")},
	"vidhost.catalog.v1.Folder":                {Fields: folderFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateCategoryRequest": {Fields: required(categoryFields, "name", "value")},
	"vidhost.catalog.v1.Category":              {Fields: categoryFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateChapterRequest":  {Fields: required(chapterFields, "name", "start")},
	"vidhost.catalog.v1.Chapter":               {Fields: chapterFields, AtLeastOne: true},
	// Cards and gates take every field on create, even if empty.
	"vidhost.catalog.v1.CreateCardRequest": {Fields: required(cardFields, "name", "at", "until", "skip",
		"top_text", "bottom_text", "link", "link_text", "icon")},
	"vidhost.catalog.v1.Card": {Fields: cardFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateGateRequest": {Fields: required(gateFields, "name", "at", "skip",
		"top_text", "bottom_text", "checkbox_text", "fields")},
	"vidhost.catalog.v1.Gate":                    {Fields: gateFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateHotspotRequest":    {Fields: required(hotspotFields, "until", "link")},
	"vidhost.catalog.v1.TimecodedHotspot":        {Fields: timecodedHotspotFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateTrackRequest":      {Fields: required(trackFields, "kind", "label", "language", "url")},
	"vidhost.catalog.v1.SetThumbnailRequest":     {Fields: required(map[string]Rule{"url": {MinLength: 1}}, "url")},
	"vidhost.catalog.v1.CreateRestreamRequest":   {Fields: required(restreamFields, "name", "url")},
	"vidhost.catalog.v1.RestreamInput":           {Fields: restreamFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateTranscribeRequest": {Fields: required(transcribeFields, "video_id", "language", "label")},
	"vidhost.hooks.v1.CreateHookRequest":         {Fields: required(hookFields, "name", "event", "service", "action")},
	"vidhost.hooks.v1.Hook":                      {Fields: hookFields, AtLeastOne: true},
	"vidhost.hooks.v1.CreateServiceRequest":      {Fields: required(serviceFields, "name", "type")},
	"vidhost.hooks.v1.Service":                   {Fields: serviceFields, AtLeastOne: true},
	"vidhost.upload.v1.CreateUploadRequest":      {Fields: required(uploadFields, "name", "size")},
	"gateway.TokenRequest":                       {Fields: required(tokenFields, "type")},
	"vidhost.identity.v1.CreateApiKeyRequest":    {Fields: required(createAPIKeyFields, "name", "type")},
	"vidhost.identity.v1.CreateJwtKeyRequest":    {Fields: required(jwtKeyFields, "name", "public_key")},
	"vidhost.identity.v1.User":                   {Fields: userFields, AtLeastOne: true},
	"vidhost.identity.v1.CreateInviteRequest":    {Fields: required(inviteFields, "email", "role")},
	"vidhost.identity.v1.CreateIdentityProviderRequest": {Fields: required(providerFields,
		"name", "issuer_url", "client_id", "client_secret", "allowed_domains", "default_role")},
	"vidhost.identity.v1.IdentityProviderInput": {Fields: providerFields, AtLeastOne: true},
	"vidhost.identity.v1.VerifyIdentityProviderDomainRequest": {
		Fields: required(map[string]Rule{"domain": {MinLength: 1}}, "domain")},
	"vidhost.identity.v1.ConfirmMfaRequest": {Fields: required(map[string]Rule{"code": {MinLength: 1}}, "code")},
	"vidhost.identity.v1.DisableMfaRequest": {Fields: required(map[string]Rule{"code": {MinLength: 1}}, "code")},
	"vidhost.identity.v1.ApiKey":            {Fields: apiKeyFields, AtLeastOne: true},
}
