package catalog

// videoFields are the video fields an update mask may name.
var videoFields = setters[Video]{
	"name":        func(dst *Video, src Video) { dst.Name = src.Name },
	"description": func(dst *Video, src Video) { dst.Description = src.Description },
	"metadata":    func(dst *Video, src Video) { dst.Metadata = src.Metadata },
	"privacy":     func(dst *Video, src Video) { dst.Privacy = src.Privacy },
	"tags":        func(dst *Video, src Video) { dst.Tags = src.Tags },
	"categories":  func(dst *Video, src Video) { dst.Categories = src.Categories },
	"enabled":     func(dst *Video, src Video) { dst.Enabled = src.Enabled },
	"spherical":   func(dst *Video, src Video) { dst.Spherical = src.Spherical },
	"projection":  func(dst *Video, src Video) { dst.Projection = src.Projection },
}

const (
	systemManaged = "is set by the service and cannot be changed"
	ownEndpoint   = "cannot be changed here: use /videos/{video_id}/"
)

// videoRefused are the video fields a PATCH may not send, with the reason.
// The interface allows rejecting or ignoring system-managed fields; they
// are rejected, so a client never believes a change happened that did not.
var videoRefused = map[string]string{
	"input":         "cannot be changed: create a new video for another source",
	"type":          "cannot be changed",
	"transcoder":    "cannot be changed: the video would have to be transcoded again; create a new video with the profile you want",
	"outputs":       systemManaged,
	"progress":      systemManaged,
	"status":        systemManaged,
	"status_reason": systemManaged,
	"sprite":        systemManaged,
	"duration":      systemManaged,
	"thumbnail":     "cannot be changed here: use POST /videos/{video_id}/thumbnail",
	"tracks":        ownEndpoint + "tracks",
	"cards":         ownEndpoint + "cards",
	"gates":         ownEndpoint + "gates",
	"hotspots":      ownEndpoint + "hotspots",
	"chapters":      ownEndpoint + "chapters",
}
