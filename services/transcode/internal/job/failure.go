package job

import (
	"errors"
	"net"
	"net/http"
	"net/url"

	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/services/transcode/internal/fetch"
	"github.com/vidhost/vidhost/services/transcode/internal/liveclip"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// Failure is why an attempt failed, in the words shown to the user, and
// whether another attempt could succeed.
type Failure struct {
	// Reason is shown to the user: catalog stores it as the video's
	// status_reason. It never carries internal detail.
	Reason string
	// Permanent says retrying cannot help: the source itself is the problem.
	Permanent bool
}

// Reasons of failures that are not the source's fault. Internal detail
// goes to the log, never to the user.
const (
	reasonInternal = "transcoding failed because of an internal error"
	reasonTool     = "transcoding failed: the encoder stopped with an error"
	// reasonAccount names no key: the key is another account's, which the
	// user must not learn about.
	reasonAccount = "transcoding refused: the source is not an upload of this account"
	// reasonDownload begins the reason of a download the network cut.
	reasonDownload = "source URL could not be downloaded"
)

// errSourceMissing is an upload reference whose object is gone.
var errSourceMissing = errors.New("the uploaded source file no longer exists")

// permanentFetchErrors are refusals that the same URL will meet again.
var permanentFetchErrors = []error{
	fetch.ErrBlockedAddress, fetch.ErrScheme, fetch.ErrTooManyRedirects, fetch.ErrTooLarge, fetch.ErrTimeout,
}

// Classify explains err, an error returned by Runner.Run.
func Classify(err error) Failure {
	var (
		source  *media.SourceError
		invalid *InvalidError
		account *AccountError
		status  *fetch.StatusError
		tool    *media.ExecError
		fetchE  *fetchError
		timeout *TimeoutError
	)
	switch {
	case errors.As(err, &timeout):
		return Failure{Reason: timeout.Error(), Permanent: true}
	case errors.As(err, &source):
		return Failure{Reason: source.Reason, Permanent: true}
	case errors.As(err, &invalid):
		return Failure{Reason: invalid.Reason, Permanent: true}
	case errors.As(err, &account):
		return Failure{Reason: reasonAccount, Permanent: true}
	case errors.Is(err, errSourceMissing):
		return Failure{Reason: errSourceMissing.Error(), Permanent: true}
	case errors.Is(err, liveclip.ErrSegmentsGone):
		return Failure{Reason: liveclip.ErrSegmentsGone.Error(), Permanent: true}
	case errors.As(err, &status):
		return Failure{Reason: status.Error(), Permanent: permanentStatus(status.Code)}
	case errors.As(err, &fetchE):
		return classifyFetch(fetchE.err)
	case errors.As(err, &tool):
		return Failure{Reason: reasonTool}
	}
	return Failure{Reason: reasonInternal}
}

// classifyFetch explains a download that did not get a response worth a
// status: refused by our rules (permanent) or cut by the network (retry).
func classifyFetch(err error) Failure {
	for _, refusal := range permanentFetchErrors {
		if errors.Is(err, refusal) {
			return Failure{Reason: refusal.Error(), Permanent: true}
		}
	}
	if errors.Is(err, fetch.ErrIdle) {
		return Failure{Reason: fetch.ErrIdle.Error()}
	}
	var urlErr *url.Error
	if !errors.As(err, &urlErr) {
		return Failure{Reason: reasonDownload} // writing the file, say: ours, not the source's
	}
	// What the network said names the installation's DNS server and
	// internal addresses: the tenant gets netguard's words, the log (the
	// worker's "transcode attempt failed") the error itself.
	var dnsErr *net.DNSError
	nameUnknown := errors.As(err, &dnsErr) && dnsErr.IsNotFound // asking again gets the same answer
	return Failure{Reason: reasonDownload + ": " + netguard.Describe(urlErr.Err), Permanent: nameUnknown}
}

// permanentStatus says a response will not change by asking again: client
// errors, except those that mean "later".
func permanentStatus(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusTooEarly, http.StatusTooManyRequests:
		return false
	}
	return code >= 400 && code < 500
}

// fetchError marks an error of the URL download, so Classify can tell a
// network failure of the source from one of our own storage.
type fetchError struct{ err error }

func (e *fetchError) Error() string { return "fetch source: " + e.err.Error() }
func (e *fetchError) Unwrap() error { return e.err }
