package hooks

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/validate"
)

// paramRules are the params each service type takes, each with its check
// (docs/hooks.md). A webhook takes none: its delivery is the event itself.
var paramRules = map[string]map[string]func(field, value string) error{
	TypeWebhook: {},
	TypeVidhost: {
		// The new video's name; {name} and {id} stand for this video's.
		"name":    func(field, value string) error { return validate.Length(field, value, 100) },
		"privacy": checkPrivacy,
		"tags":    checkTags,
		// A folder id of the other instance.
		"folder": func(field, value string) error { return validate.Length(field, value, 100) },
	},
	TypeS3: {
		// Replaces the service's prefix for this hook.
		"prefix": checkPrefix,
	},
}

var tagPattern = regexp.MustCompile(`^[a-z0-9]{1,50}$`)

// checkParams checks params against what a service of serviceType takes.
func checkParams(params []Param, serviceType string) error {
	rules := paramRules[serviceType]
	if len(rules) == 0 && len(params) > 0 {
		return apperr.InvalidField("params", "must be empty for %s", aService(serviceType))
	}
	seen := map[string]bool{}
	for i, p := range params {
		check, ok := rules[p.Field]
		if !ok {
			return apperr.InvalidField(fmt.Sprintf("params[%d].field", i), "must be one of %s for %s",
				strings.Join(paramNames(rules), ", "), aService(serviceType))
		}
		if seen[p.Field] {
			return apperr.InvalidField(fmt.Sprintf("params[%d].field", i), "must not repeat %s", p.Field)
		}
		seen[p.Field] = true
		if err := check(fmt.Sprintf("params[%d].value", i), p.Value); err != nil {
			return err
		}
	}
	return nil
}

func paramNames[V any](rules map[string]V) []string {
	names := make([]string, 0, len(rules))
	for name := range rules {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func checkPrivacy(field, value string) error {
	if value != "public" && value != "private" && value != "unlisted" {
		return apperr.InvalidField(field, "must be public, private or unlisted for privacy")
	}
	return nil
}

// checkTags takes up to ten comma-separated tags, as a video's tags.
func checkTags(field, value string) error {
	tags := strings.Split(value, ",")
	if len(tags) > 10 {
		return apperr.InvalidField(field, "must be at most ten comma-separated tags")
	}
	for _, tag := range tags {
		if !tagPattern.MatchString(tag) {
			return apperr.InvalidField(field, "must be comma-separated tags, each 1-50 lowercase letters or digits")
		}
	}
	return nil
}
