package catalog

import (
	"net/url"
	"strings"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
)

// LinkMax bounds the links of cards; hotspot links have the interface's
// tighter HotspotLinkMax.
const LinkMax = apirules.LinkMax

// checkLink requires value to be an absolute http or https URL with a host
// and at most max characters: a viewer's click opens it, so nothing else
// (javascript:, data:, relative paths) may get through.
func checkLink(field, value string, max int) error {
	if len(value) > max {
		return apperr.InvalidField(field, "must be at most %d characters", max)
	}
	u, err := url.Parse(value)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" ||
		strings.ContainsAny(value, " \t\r\n") {
		return apperr.InvalidField(field, "must be an http(s) URL")
	}
	return nil
}
