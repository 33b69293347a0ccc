package apirules

// Messages is the table: each request message the interface reads, by
// proto full name. A create requires what its resource cannot exist
// without; its PATCH body (the resource's own message) requires nothing but
// a change.
var Messages = map[string]Message{
	"vidhost.catalog.v1.CreateVideoRequest":    {Fields: required(videoFieldsShared, "name")},
	"vidhost.catalog.v1.Video":                 {Fields: videoFieldsShared, AtLeastOne: true},
	"vidhost.catalog.v1.CreatePlayerRequest":   {Fields: required(playerFields, "name")},
	"vidhost.catalog.v1.Player":                {Fields: playerFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateFolderRequest":   {Fields: required(folderFields, "name")},
	"vidhost.catalog.v1.Folder":                {Fields: folderFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateCategoryRequest": {Fields: required(categoryFields, "name", "value")},
	"vidhost.catalog.v1.Category":              {Fields: categoryFields, AtLeastOne: true},
	"vidhost.catalog.v1.CreateChapterRequest":  {Fields: required(chapterFields, "name")},
	"vidhost.catalog.v1.Chapter":               {Fields: chapterFields, AtLeastOne: true},
	"vidhost.hooks.v1.CreateHookRequest":       {Fields: required(hookFields, "name", "event", "service", "action")},
	"vidhost.hooks.v1.Hook":                    {Fields: hookFields, AtLeastOne: true},
	"vidhost.identity.v1.CreateApiKeyRequest":  {Fields: required(apiKeyFields, "name", "type")},
	"vidhost.identity.v1.ApiKey":               {Fields: apiKeyFields, AtLeastOne: true},
}
