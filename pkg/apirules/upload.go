package apirules

// Limits of uploads (docs/uploads.md).
const (
	UploadNameMax = 255
	// UploadSizeMax is the largest size a JSON number holds exactly (2^53).
	UploadSizeMax = 1 << 53
)

var uploadFields = map[string]Rule{
	"name": {MinLength: 1, MaxLength: UploadNameMax},
	"size": {Minimum: 1, HasMinimum: true, Maximum: UploadSizeMax, HasMaximum: true, Integer: true},
}
