package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// sdkDist is @vidhost/sdk as built by `make sdk-js`; it is not committed.
const sdkDist = "../../../sdk/js/dist/index.js"

// TestSDKJSFromNode runs testdata/sdk_node.mjs, a Node program using the
// built TypeScript SDK, against the shared stack: an API key creates, lists
// and reads a video, refusals arrive as VidhostError with the envelope's code
// and field, and a viewer JWT signed by the SDK's signer (its key registered
// through the API) opens a private video's manifest.
func TestSDKJSFromNode(t *testing.T) {
	dist, err := filepath.Abs(sdkDist)
	require.NoError(t, err)
	_, err = os.Stat(dist)
	require.NoError(t, err, "the SDK is not built: run make sdk-js")
	v := mediaVideo(t, "private")

	cmd := exec.CommandContext(t.Context(), "node", "testdata/sdk_node.mjs")
	cmd.Env = append(os.Environ(),
		"SDK="+dist,
		"VIDHOST_URL="+suiteOf(t).URL,
		"VIDHOST_API_KEY="+ownerOf(t),
		"PRIVATE_VIDEO="+v.ID,
		"SOURCE_URL="+sourceURL,
	)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "sdk node: ok")
}
