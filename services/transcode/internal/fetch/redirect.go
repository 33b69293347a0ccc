package fetch

import (
	"fmt"
	"net/http"
	"net/url"
)

// checkRedirect allows maxRedirects hops, to http and https only; the dial
// check still vets every hop's address.
func checkRedirect(maxRedirects int) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) > maxRedirects {
			return fmt.Errorf("%w (more than %d)", ErrTooManyRedirects, maxRedirects)
		}
		return checkScheme(req.URL)
	}
}

func checkScheme(u *url.URL) error {
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ErrScheme
	}
	return nil
}
