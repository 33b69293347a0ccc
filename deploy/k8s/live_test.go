package k8s

import (
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// productionWithLive names the production overlay with its commented
// components line for the live service switched on.
const productionWithLive = "overlays/production+live"

// renderWithLive copies deploy/k8s into memory, uncomments the production
// overlay's live component, as an operator enabling it would, and renders.
func renderWithLive(t *testing.T) ([]byte, error) {
	t.Helper()
	memory := filesys.MakeFsInMemory()
	err := filepath.WalkDir(".", func(path string, entry fs.DirEntry, err error) error {
		if err != nil || entry.IsDir() || !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".sql") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return memory.WriteFile(filepath.Join("/k8s", path), data)
	})
	require.NoError(t, err)
	const overlay = "/k8s/overlays/production/kustomization.yaml"
	data, err := memory.ReadFile(overlay)
	require.NoError(t, err)
	const commented = "# components:\n#   - ../../components/live"
	require.Contains(t, string(data), commented, "the production overlay offers the live component")
	enabled := strings.Replace(string(data), commented, "components:\n  - ../../components/live", 1)
	require.NoError(t, memory.WriteFile(overlay, []byte(enabled)))
	return renderFS(memory, "/k8s/overlays/production")
}

// TestLiveComponentWiresTheCatalog: with live on, the catalog hands out an
// RTMP URL encoders can reach (the live-rtmp Service's port, the /live path
// the ingest expects, no loopback default), and the network policies let
// encoders reach live and live reach the catalog's gRPC port.
func TestLiveComponentWiresTheCatalog(t *testing.T) {
	objects := render(t, productionWithLive)
	catalog := deploymentNamed(t, objects, "catalog")
	value, ok := envValue(catalog, "VIDHOST_LIVE_RTMP_URL")
	require.True(t, ok, "the catalog sets VIDHOST_LIVE_RTMP_URL")
	rtmp, err := url.Parse(value)
	require.NoError(t, err)
	assert.Equal(t, "rtmp", rtmp.Scheme)
	assert.Equal(t, "/live", rtmp.Path, "the ingest reads keys from rtmp://host/live/<key>")
	assert.NotRegexp(t, `127\.0\.0\.1|localhost`, rtmp.Hostname())
	servicePort := ""
	for _, s := range objects.services {
		if s.Name == "live-rtmp" && len(s.Spec.Ports) == 1 {
			servicePort = fmt.Sprint(s.Spec.Ports[0].Port)
		}
	}
	assert.Equal(t, servicePort, rtmp.Port(), "the live-rtmp Service's port")

	live := deploymentNamed(t, objects, "live")
	assert.True(t, admits(objects.networkPolicies, live.Spec.Template.Labels, nil, "rtmp"), "encoders reach live's rtmp port")
	assertSRTWired(t, objects, catalog, live)
	assert.True(t, admits(objects.networkPolicies, catalog.Spec.Template.Labels, live.Spec.Template.Labels, "grpc"), "live reaches the catalog")
	gateway := deploymentNamed(t, objects, "gateway")
	assert.True(t, admits(objects.networkPolicies, live.Spec.Template.Labels, gateway.Spec.Template.Labels, "http"), "the gateway reaches live's LL-HLS")
	assert.False(t, admits(objects.networkPolicies, live.Spec.Template.Labels, nil, "http"), "and no one else does")
	url, ok := envValue(live, "VIDHOST_LIVE_HTTP_URL")
	assert.True(t, ok && url == "http://$(POD_IP):9105", "each pod names its own address: %s", url)
	assert.False(t, admits(objects.networkPolicies, catalog.Spec.Template.Labels, nil, "grpc"), "the catalog is not open to all")
}

// assertSRTWired: the catalog's SRT URL names the live-srt Service's UDP
// port, which reaches the port live listens on, open to encoders.
func assertSRTWired(t *testing.T, objects rendered, catalog, live *appsv1.Deployment) {
	t.Helper()
	value, ok := envValue(catalog, "VIDHOST_LIVE_SRT_URL")
	require.True(t, ok, "the catalog sets VIDHOST_LIVE_SRT_URL")
	srtURL, err := url.Parse(value)
	require.NoError(t, err)
	assert.Equal(t, "srt", srtURL.Scheme)
	assert.NotRegexp(t, `127\.0\.0\.1|localhost`, srtURL.Hostname())
	var service *corev1.Service
	for _, s := range objects.services {
		if s.Name == "live-srt" {
			service = s
		}
	}
	require.NotNil(t, service, "a live-srt Service")
	require.Len(t, service.Spec.Ports, 1)
	assert.Equal(t, corev1.ProtocolUDP, service.Spec.Ports[0].Protocol, "SRT is UDP")
	assert.Equal(t, fmt.Sprint(service.Spec.Ports[0].Port), srtURL.Port(), "the live-srt Service's port")
	addr, ok := envValue(live, "VIDHOST_LIVE_SRT_ADDR")
	require.True(t, ok, "live listens for SRT")
	container := live.Spec.Template.Spec.Containers[0]
	i := slices.IndexFunc(container.Ports, func(p corev1.ContainerPort) bool { return p.Name == "srt" })
	require.GreaterOrEqual(t, i, 0, "live names its srt port")
	assert.Equal(t, corev1.ProtocolUDP, container.Ports[i].Protocol)
	assert.True(t, strings.HasSuffix(addr, fmt.Sprintf(":%d", container.Ports[i].ContainerPort)), "live listens on its srt port: %s", addr)
	assert.True(t, admits(objects.networkPolicies, live.Spec.Template.Labels, nil, "srt"), "encoders reach live's srt port")
	assert.True(t, policyPortProtocol(objects.networkPolicies, "srt", corev1.ProtocolUDP), "the policy opens srt for UDP")
}

// policyPortProtocol tells whether some ingress rule opens port with
// protocol (a NetworkPolicy port is TCP unless it says otherwise).
func policyPortProtocol(policies []*networkingv1.NetworkPolicy, port string, protocol corev1.Protocol) bool {
	for _, p := range policies {
		for _, rule := range p.Spec.Ingress {
			for _, np := range rule.Ports {
				if np.Port != nil && np.Port.String() == port && np.Protocol != nil && *np.Protocol == protocol {
					return true
				}
			}
		}
	}
	return false
}

// TestOverlaysWithoutLiveLeaveItOut: the component is opt-in; the plain
// overlays have no live objects and the catalog keeps its own defaults.
func TestOverlaysWithoutLiveLeaveItOut(t *testing.T) {
	for _, overlay := range []string{"overlays/dev", "overlays/production"} {
		objects := render(t, overlay)
		assert.NotContains(t, deploymentNames(objects), "live", overlay)
		_, ok := envValue(deploymentNamed(t, objects, "catalog"), "VIDHOST_LIVE_RTMP_URL")
		assert.False(t, ok, overlay)
	}
}

func deploymentNamed(t *testing.T, objects rendered, name string) *appsv1.Deployment {
	t.Helper()
	for _, d := range objects.deployments {
		if d.Name == name {
			return d
		}
	}
	t.Fatalf("no Deployment %s", name)
	return nil
}

// admits tells whether an ingress rule of some policy selecting the target
// pods lets pods with the from labels (nil: any source) reach the named
// port. It reads the subset the manifests use: pod selectors by labels or
// In expressions, and rules whose from is empty (anyone) or pod selectors.
func admits(policies []*networkingv1.NetworkPolicy, target, from map[string]string, port string) bool {
	for _, p := range policies {
		selector, err := metav1.LabelSelectorAsSelector(&p.Spec.PodSelector)
		if err != nil || !selector.Matches(labels.Set(target)) {
			continue
		}
		for _, rule := range p.Spec.Ingress {
			if !slices.ContainsFunc(rule.Ports, func(np networkingv1.NetworkPolicyPort) bool {
				return np.Port != nil && np.Port.String() == port
			}) {
				continue
			}
			if len(rule.From) == 0 {
				return true
			}
			if from == nil {
				continue
			}
			for _, peer := range rule.From {
				if peer.PodSelector == nil || peer.NamespaceSelector != nil {
					continue
				}
				if s, err := metav1.LabelSelectorAsSelector(peer.PodSelector); err == nil && s.Matches(labels.Set(from)) {
					return true
				}
			}
		}
	}
	return false
}
