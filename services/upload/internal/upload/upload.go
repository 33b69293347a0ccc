package upload

import "time"

// State is where an upload is in its life (docs/uploads.md).
type State string

const (
	// StatePending means bytes may still arrive, until ExpiresTime.
	StatePending State = "pending"
	// StateComplete means the object holds exactly Size bytes.
	StateComplete State = "complete"
	// StateAbandoned means the window closed without the bytes.
	StateAbandoned State = "abandoned"
	// StateDeleted means the client deleted it; it is hidden, and kept only so that
	// the sweeper also removes a file that lands after the delete.
	StateDeleted State = "deleted"
)

// Transport is how the bytes travel.
type Transport string

const (
	// TransportPut is one HTTP PUT to a presigned URL.
	TransportPut Transport = "put"
	// TransportTus is the resumable tus 1.0 endpoint.
	TransportTus Transport = "tus"
)

// Upload is a temporary file of an account.
type Upload struct {
	ID        string
	AccountID string
	// Name is the client's file name; its extension decides the Kind.
	Name string
	Size int64
	// Key is the object's key: uploads/<account>/<upload>/<sanitised name>.
	Key       string
	Transport Transport
	// TusID is tusd's id of a tus upload once created ("" before, or for PUT).
	TusID string
	// TokenID is the upload token it was created with ("" for a key).
	TokenID string
	State   State
	// ExpiresTime ends the window in which bytes may arrive.
	ExpiresTime    time.Time
	CompletedTime  time.Time // zero until complete
	ReferencedTime time.Time // zero until a reference was resolved
	// URL is the presigned PUT URL; set only on the result of CreateUpload.
	URL string
	Audit
}

// Kind is what the upload may be used as, from its name.
func (u Upload) Kind() Kind { return KindOf(u.Name) }

// Referenced reports whether a consumer resolved a reference to it: the
// object then belongs to the consumer and is never deleted here.
func (u Upload) Referenced() bool { return !u.ReferencedTime.IsZero() }

// Audit records who created a resource and who last changed it, and when.
type Audit struct {
	CreatedBy   string
	CreatedTime time.Time
	UpdatedBy   string
	UpdatedTime time.Time
}

// Event announces that an upload's bytes arrived complete (upload.completed).
type Event struct {
	AccountID string
	ActorID   string
	Time      time.Time
	Upload    Upload
}
