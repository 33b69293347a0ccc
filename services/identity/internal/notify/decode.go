package notify

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// errIncomplete is an event without the ids a notice needs.
var errIncomplete = errors.New("event has no id or no account")

// Decoder turns events into notices; PublicURL, when set, is where the
// mail's links point (the gateway's VIDHOST_PUBLIC_URL).
type Decoder struct {
	PublicURL string
}

// Decode returns the notice of the event on subject. An error means the
// event can never make one (poison): it is dead-lettered.
func (d Decoder) Decode(subject string, data []byte) (Notice, error) {
	switch subject {
	case natsx.SubjectVideoReady, natsx.SubjectVideoError:
		return d.video(subject, data)
	case natsx.SubjectUploadQuotaReached:
		return quotaReached(data)
	}
	return Notice{}, fmt.Errorf("notify: no notification for %s", subject)
}

func (d Decoder) video(subject string, data []byte) (Notice, error) {
	var e eventsv1.VideoEvent
	if err := protojson.Unmarshal(data, &e); err != nil {
		return Notice{}, fmt.Errorf("notify: decode %s: %w", subject, err)
	}
	v := e.GetVideo()
	n, err := notice(subject, e.GetMeta())
	if err != nil || v.GetId() == "" {
		return Notice{}, cmp.Or(err, errIncomplete)
	}
	name := orDefault(v.GetName(), v.GetId())
	var b strings.Builder
	if subject == natsx.SubjectVideoReady {
		n.Subject = fmt.Sprintf("Your video %q is ready", name)
		fmt.Fprintf(&b, "The video %q (id %s) finished transcoding and is ready to play.\n", name, v.GetId())
	} else {
		n.Subject = fmt.Sprintf("Your video %q failed", name)
		fmt.Fprintf(&b, "The video %q (id %s) could not be transcoded: %s\n", name, v.GetId(), orDefault(v.GetStatusReason(), "transcoding failed"))
	}
	if link := d.watchLink(v.GetId()); link != "" {
		fmt.Fprintf(&b, "\n%s\n", link)
	}
	n.Body = b.String() + footer
	return n, nil
}

func quotaReached(data []byte) (Notice, error) {
	var e eventsv1.UploadQuotaReached
	if err := protojson.Unmarshal(data, &e); err != nil {
		return Notice{}, fmt.Errorf("notify: decode %s: %w", natsx.SubjectUploadQuotaReached, err)
	}
	n, err := notice(natsx.SubjectUploadQuotaReached, e.GetMeta())
	if err != nil {
		return Notice{}, err
	}
	quota := fmt.Sprintf("its quota of %d bytes", e.GetQuotaBytes())
	if e.GetPlan() != "" {
		quota = fmt.Sprintf("the %s plan's quota of %d bytes", e.GetPlan(), e.GetQuotaBytes())
	}
	n.Subject = "Your account reached its upload quota"
	n.Body = fmt.Sprintf("An upload of %d bytes was refused: the account's uploads take %d bytes, and %s would be passed.\n"+
		"Delete uploads, wait for older ones to expire, or move to a larger plan.\n",
		e.GetRequestedBytes(), e.GetUsedBytes(), quota) + footer
	return n, nil
}

// footer says why the mail came and how to stop it.
const footer = "\n--\nYou receive this because your Vidhost user's notifications include it; change them to stop.\n"

func notice(name string, meta *eventsv1.EventMeta) (Notice, error) {
	if meta.GetId() == "" || meta.GetAccountId() == "" {
		return Notice{}, errIncomplete
	}
	return Notice{EventID: meta.GetId(), AccountID: meta.GetAccountId(), Name: name}, nil
}

// watchLink is the video's watch page, or empty without a public URL.
func (d Decoder) watchLink(videoID string) string {
	if d.PublicURL == "" {
		return ""
	}
	return strings.TrimRight(d.PublicURL, "/") + "/watch/" + url.PathEscape(videoID)
}

// orDefault is s trimmed, or fallback when that is empty.
func orDefault(s, fallback string) string {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return fallback
}
