package vidhost

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sdkDirect is what this module may require directly: jwx for the viewer
// JWTs, and testify for the tests (jwx requires it too, so it adds nothing
// to a customer's module graph).
var sdkDirect = map[string]bool{
	"github.com/lestrrat-go/jwx/v2": true,
	"github.com/stretchr/testify":   true,
}

// maxRequirements bounds the whole list, jwx's own included: a handful
// more than jwx pulls today, so a jwx update passes and a server package
// imported by mistake (the root module's list is over 150) does not.
const maxRequirements = 16

// goModRequirements reads the module paths go.mod requires, split into
// direct and indirect ones (`// indirect`), without golang.org/x/mod, which
// would be one more requirement.
func goModRequirements(t *testing.T) (direct, indirect []string) {
	t.Helper()
	f, err := os.Open("go.mod")
	require.NoError(t, err)
	defer f.Close()
	inBlock := false
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		line := strings.TrimSpace(scanner.Text())
		var spec string
		switch {
		case line == "require (":
			inBlock = true
			continue
		case inBlock && line == ")":
			inBlock = false
			continue
		case inBlock:
			spec = line
		case strings.HasPrefix(line, "require "):
			spec = strings.TrimPrefix(line, "require ")
		default:
			require.False(t, strings.HasPrefix(line, "replace "), "a replace directive breaks `go install …@version` of its users: %q", line)
			continue
		}
		fields := strings.Fields(spec)
		if len(fields) < 2 {
			continue
		}
		if strings.Contains(spec, "// indirect") {
			indirect = append(indirect, fields[0])
		} else {
			direct = append(direct, fields[0])
		}
	}
	require.NoError(t, scanner.Err())
	return direct, indirect
}

// The SDK's module requires jwx (and testify for its tests) and nothing
// else of its own, so a program that uploads a video does not pull the
// server's dependencies (Kubernetes types, nats-server, chromedp).
func TestModuleRequirementsStaySmall(t *testing.T) {
	direct, indirect := goModRequirements(t)

	for _, path := range direct {
		assert.True(t, sdkDirect[path], "sdk/go requires %s: the SDK depends on the standard library and jwx only", path)
	}
	assert.Contains(t, direct, "github.com/lestrrat-go/jwx/v2")
	assert.LessOrEqual(t, len(direct)+len(indirect), maxRequirements, "requirements: %v %v", direct, indirect)
	for _, path := range indirect {
		assert.False(t, strings.HasPrefix(path, "github.com/vidhost/vidhost"), "the SDK needs nothing of the server: %s", path)
	}
}
