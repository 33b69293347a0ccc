package auditlog

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/apirules"
)

// The log's filters follow the table the OpenAPI document is generated
// from (pkg/apirules): its actor types pass, other values are refused.
func TestFilterFollowsTheInterfaceTable(t *testing.T) {
	rules := apirules.Queries["GET /v2/audit_logs"]
	for _, actor := range rules["actor_type"].Enum {
		_, err := FilterInput{ActorType: actor}.Parse()
		assert.NoError(t, err, actor)
	}
	for _, in := range []FilterInput{{ActorType: "robot"}, {EntityType: "Videos"}, {ActionType: "1"}, {ActorID: "a b"}, {EntityID: "a/b"}} {
		_, err := in.Parse()
		assert.Error(t, err, "%+v", in)
	}
}
