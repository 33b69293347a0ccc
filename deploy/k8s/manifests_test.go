package k8s

import (
	"fmt"
	"net"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/caarlos0/env/v11"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/labels"

	gateway "github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/pkg/natsx"
	analytics "github.com/vidhost/vidhost/services/analytics/app"
	catalog "github.com/vidhost/vidhost/services/catalog/app"
	hooks "github.com/vidhost/vidhost/services/hooks/app"
	identity "github.com/vidhost/vidhost/services/identity/app"
	live "github.com/vidhost/vidhost/services/live/app"
	transcode "github.com/vidhost/vidhost/services/transcode/app"
	upload "github.com/vidhost/vidhost/services/upload/app"
)

// overlays are the installs `make manifests` and the operator build, with
// the stream replicas each must configure; productionWithLive is the
// production overlay with the optional live component enabled, so the
// component meets the same policy before anyone uses it.
var overlays = map[string]string{"overlays/dev": "1", "overlays/production": "3", productionWithLive: "3"}

// configs are the processes' configurations, by Deployment name: a
// variable a manifest sets must be one its process reads.
var configs = map[string]any{
	"gateway": &gateway.Config{}, "identity": &identity.Config{}, "catalog": &catalog.Config{},
	"upload": &upload.Config{}, "hooks": &hooks.Config{}, "analytics": &analytics.Config{},
	"transcode": &transcode.Config{}, "live": &live.Config{},
}

// optional are the Deployments of components an overlay may leave out:
// only productionWithLive must have them.
var optional = map[string]bool{"live": true}

// everyProcess is what pkg/command reads for every process besides its own
// configuration (the admin listener).
var everyProcess = &command.Observability{}

// libpqVariables are read by pgx, the PostgreSQL driver, not by a Config:
// the manifests keep the password out of VIDHOST_DATABASE_URL with it.
var libpqVariables = []string{"PGPASSWORD"}

// downwardVariables come from the downward API for $(NAME) expansion in
// other variables (live's VIDHOST_LIVE_HTTP_URL names its pod's address);
// no process reads them.
var downwardVariables = []string{"POD_IP"}

// runtimeVariables are read by the Go runtime: the analytics Deployment
// tunes its garbage collector with them (docs/analytics.md).
var runtimeVariables = []string{"GOGC", "GOMEMLIMIT"}

// preStopSeconds is the sleep before SIGTERM every pod takes.
const preStopSeconds = 5

func render(t *testing.T, overlay string) rendered {
	t.Helper()
	var stream []byte
	var err error
	if overlay == productionWithLive {
		stream, err = renderWithLive(t)
	} else {
		stream, err = Render(overlay)
	}
	require.NoError(t, err)
	objects := decodeAll(t, stream)
	require.NotEmpty(t, objects.deployments)
	return objects
}

func TestOverlaysRenderAndDecodeStrictly(t *testing.T) {
	for overlay := range overlays {
		t.Run(overlay, func(t *testing.T) {
			objects := render(t, overlay)
			names := deploymentNames(objects)
			for name := range configs {
				if !optional[name] || overlay == productionWithLive {
					assert.Contains(t, names, name, "a Deployment per process")
				}
			}
			assert.Len(t, objects.clusters, 1, "PostgreSQL through one CloudNativePG Cluster")
			assert.Len(t, objects.hpas, 1, "the gateway's autoscaler")
		})
	}
}

func TestEveryDeploymentFollowsThePolicy(t *testing.T) {
	for overlay := range overlays {
		for _, d := range render(t, overlay).deployments {
			t.Run(overlay+"/"+d.Name, func(t *testing.T) {
				pod := d.Spec.Template.Spec
				require.NotNil(t, pod.SecurityContext)
				assert.Equal(t, ptrTrue, pod.SecurityContext.RunAsNonRoot, "runAsNonRoot")
				assert.False(t, pod.AutomountServiceAccountToken == nil || *pod.AutomountServiceAccountToken, "no API token: no process talks to Kubernetes")
				for _, c := range pod.Containers {
					assertContainer(t, c)
				}
			})
		}
	}
}

var ptrTrue = func() *bool { b := true; return &b }()

func assertContainer(t *testing.T, c corev1.Container) {
	t.Helper()
	// The overlay's images: mapping replaced the base's placeholder name
	// with a registry path and a pinned tag.
	assert.Regexp(t, `^[^/]+/.+:[\w.-]+$`, c.Image, "an image from the overlay's images: list")
	assert.NotContains(t, c.Image, ":latest")
	require.NotNil(t, c.ReadinessProbe, "readiness probe")
	require.NotNil(t, c.LivenessProbe, "liveness probe")
	// Liveness must not depend on the database or NATS (an outage there
	// would restart every pod at once): the shallow /livez, not /readyz.
	require.NotNil(t, c.LivenessProbe.HTTPGet)
	require.NotNil(t, c.ReadinessProbe.HTTPGet)
	assert.Equal(t, "/livez", c.LivenessProbe.HTTPGet.Path)
	assert.Equal(t, "/readyz", c.ReadinessProbe.HTTPGet.Path)
	assert.Equal(t, "admin", c.LivenessProbe.HTTPGet.Port.String())
	assert.True(t, slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool { return p.Name == "admin" }), "an admin port")
	for _, resource := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		limit, request := c.Resources.Limits[resource], c.Resources.Requests[resource]
		assert.False(t, limit.IsZero(), "%s limit", resource)
		assert.False(t, request.IsZero(), "%s request", resource)
	}
	sc := c.SecurityContext
	require.NotNil(t, sc, "container securityContext")
	assert.Equal(t, ptrTrue, sc.ReadOnlyRootFilesystem, "readOnlyRootFilesystem")
	require.NotNil(t, sc.AllowPrivilegeEscalation)
	assert.False(t, *sc.AllowPrivilegeEscalation, "allowPrivilegeEscalation")
	require.NotNil(t, sc.Capabilities)
	assert.Contains(t, sc.Capabilities.Drop, corev1.Capability("ALL"))
	require.NotNil(t, c.Lifecycle, "preStop")
	require.NotNil(t, c.Lifecycle.PreStop)
	require.NotNil(t, c.Lifecycle.PreStop.Sleep, "a sleep action: the static images have no shell")
	assert.EqualValues(t, preStopSeconds, c.Lifecycle.PreStop.Sleep.Seconds)
}

// TestGracePeriodsCoverTheDrain: Kubernetes kills a pod after
// terminationGracePeriodSeconds, counted from before preStop; a process
// still draining then loses its in-flight requests or jobs.
func TestGracePeriodsCoverTheDrain(t *testing.T) {
	for overlay := range overlays {
		for _, d := range render(t, overlay).deployments {
			t.Run(overlay+"/"+d.Name, func(t *testing.T) {
				drain := drainOf(t, d)
				grace := time.Duration(*d.Spec.Template.Spec.TerminationGracePeriodSeconds) * time.Second
				assert.GreaterOrEqual(t, grace, preStopSeconds*time.Second+drain+5*time.Second,
					"grace %s for a %s drain after a %ds preStop", grace, drain, preStopSeconds)
			})
		}
	}
}

// drainOf is the longest the process takes to stop after SIGTERM: its
// configured timeout as the manifest sets it, else the default tag.
func drainOf(t *testing.T, d *appsv1.Deployment) time.Duration {
	t.Helper()
	variable := map[string]string{"gateway": "VIDHOST_SHUTDOWN_TIMEOUT", "transcode": "VIDHOST_TRANSCODE_DRAIN_TIMEOUT"}[d.Name]
	if variable == "" {
		return 15 * time.Second // pkg/lifecycle.ShutdownTimeout
	}
	value, ok := envValue(d, variable)
	if !ok {
		value = defaultOf(t, configs[d.Name], variable)
	}
	drain, err := time.ParseDuration(value)
	require.NoError(t, err)
	return drain
}

func TestManifestsSetOnlyVariablesTheProcessReads(t *testing.T) {
	for overlay := range overlays {
		for _, d := range render(t, overlay).deployments {
			known := variablesOf(t, configs[d.Name])
			for _, c := range d.Spec.Template.Spec.Containers {
				for _, e := range c.Env {
					assert.True(t, known[e.Name], "%s/%s sets %s, which it does not read", overlay, d.Name, e.Name)
				}
			}
		}
	}
}

// TestListenersBindAllInterfaces: the defaults are loopback (make run), so
// a pod must set every listen address or nothing reaches it.
func TestListenersBindAllInterfaces(t *testing.T) {
	for overlay := range overlays {
		for _, d := range render(t, overlay).deployments {
			for name := range variablesOf(t, configs[d.Name]) {
				if !isListenAddress(d.Name, name) {
					continue
				}
				value, ok := envValue(d, name)
				if assert.True(t, ok, "%s/%s sets %s", overlay, d.Name, name) {
					assert.True(t, strings.HasPrefix(value, "0.0.0.0:"), "%s/%s: %s=%s", overlay, d.Name, name, value)
				}
			}
		}
	}
}

// isListenAddress tells a process's own listeners (VIDHOST_<SELF>_*_ADDR,
// the gateway's VIDHOST_HTTP_ADDR) from the addresses of others it calls.
func isListenAddress(process, variable string) bool {
	if process == "gateway" {
		return variable == "VIDHOST_HTTP_ADDR"
	}
	if strings.HasPrefix(variable, "VIDHOST_LIVE_WHIP_") {
		// WHIP is off in the live component: it needs one replica whose
		// UDP port publishers reach, an operator's choice (README).
		return false
	}
	prefix := "VIDHOST_" + strings.ToUpper(process) + "_"
	return strings.HasPrefix(variable, prefix) && strings.HasSuffix(variable, "_ADDR")
}

// TestSharedConfigurationPerOverlay: the streams' replicas match the NATS
// cluster, and no shared setting keeps a loopback default of the devstack.
func TestSharedConfigurationPerOverlay(t *testing.T) {
	for overlay, replicas := range overlays {
		objects := render(t, overlay)
		values := map[string]string{}
		for _, cm := range objects.configMaps {
			if strings.HasPrefix(cm.Name, "vidhost-config") {
				values = cm.Data
			}
		}
		assert.Equal(t, replicas, values["VIDHOST_NATS_REPLICAS"], overlay)
		for _, name := range []string{"VIDHOST_PUBLIC_URL", "VIDHOST_MEDIA_BASE_URL", "VIDHOST_NATS_URL", "VIDHOST_S3_ENDPOINT", "VIDHOST_ADMIN_ADDR"} {
			assert.NotEmpty(t, values[name], "%s sets %s", overlay, name)
		}
		for name, value := range values {
			assert.NotRegexp(t, `127\.0\.0\.1|localhost`, value, "%s: %s", overlay, name)
		}
		for _, d := range objects.deployments {
			refs := d.Spec.Template.Spec.Containers[0].EnvFrom
			require.Len(t, refs, 1, "%s reads the shared configuration", d.Name)
			assert.True(t, strings.HasPrefix(refs[0].ConfigMapRef.Name, "vidhost-config-"), "the generated (hashed) name")
		}
	}
}

func TestEveryDeploymentHasADisruptionBudget(t *testing.T) {
	for overlay := range overlays {
		objects := render(t, overlay)
		for _, d := range objects.deployments {
			podLabels := labels.Set(d.Spec.Template.Labels)
			covered := slices.ContainsFunc(objects.pdbs, func(pdb *policyv1.PodDisruptionBudget) bool {
				return pdb.Spec.Selector != nil && labels.SelectorFromSet(pdb.Spec.Selector.MatchLabels).Matches(podLabels)
			})
			assert.True(t, covered, "%s/%s has a PodDisruptionBudget", overlay, d.Name)
		}
	}
}

// TestAutoscaledDeploymentsLeaveReplicasAlone: a replicas field on a
// Deployment an autoscaler owns would reset its count at every apply.
func TestAutoscaledDeploymentsLeaveReplicasAlone(t *testing.T) {
	for overlay := range overlays {
		objects := render(t, overlay)
		scaled := map[string]bool{}
		for _, hpa := range objects.hpas {
			scaled[hpa.Spec.ScaleTargetRef.Name] = true
		}
		for _, so := range objects.scaledObjects {
			scaled[so.Spec.ScaleTargetRef.Name] = true
		}
		assert.True(t, scaled["gateway"] && scaled["transcode"], overlay)
		for _, d := range objects.deployments {
			if scaled[d.Name] {
				assert.Nil(t, d.Spec.Replicas, "%s/%s is autoscaled", overlay, d.Name)
			}
		}
	}
}

func TestTranscodeScalesOnTheJobsConsumer(t *testing.T) {
	for overlay := range overlays {
		objects := render(t, overlay)
		require.Len(t, objects.scaledObjects, 1, overlay)
		so := objects.scaledObjects[0]
		assert.Equal(t, "transcode", so.Spec.ScaleTargetRef.Name)
		require.Len(t, so.Spec.Triggers, 1)
		trigger := so.Spec.Triggers[0]
		assert.Equal(t, "nats-jetstream", trigger.Type)
		assert.Equal(t, natsx.StreamNameJobs, trigger.Metadata["stream"])
		assert.Equal(t, transcodeConsumer, trigger.Metadata["consumer"])
	}
}

// transcodeConsumer is services/transcode/internal/worker.ConsumerName,
// internal to the transcode service, so written again here.
const transcodeConsumer = "transcode"

func variablesOf(t *testing.T, cfg any) map[string]bool {
	t.Helper()
	require.NotNil(t, cfg, "a configuration for every Deployment")
	params, err := env.GetFieldParams(cfg)
	require.NoError(t, err)
	known := map[string]bool{}
	for _, p := range params {
		known[p.Key] = true
	}
	common, err := env.GetFieldParams(everyProcess)
	require.NoError(t, err)
	for _, p := range common {
		known[p.Key] = true
	}
	for _, v := range slices.Concat(libpqVariables, downwardVariables, runtimeVariables) {
		known[v] = true
	}
	return known
}

func defaultOf(t *testing.T, cfg any, variable string) string {
	t.Helper()
	params, err := env.GetFieldParams(cfg)
	require.NoError(t, err)
	for _, p := range params {
		if p.Key == variable {
			return p.DefaultValue
		}
	}
	t.Fatalf("%s reads no %s", reflect.TypeOf(cfg), variable)
	return ""
}

func envValue(d *appsv1.Deployment, name string) (string, bool) {
	for _, e := range d.Spec.Template.Spec.Containers[0].Env {
		if e.Name == name && e.ValueFrom == nil {
			return e.Value, true
		}
	}
	return "", false
}

func deploymentNames(objects rendered) []string {
	var names []string
	for _, d := range objects.deployments {
		names = append(names, d.Name)
	}
	return names
}

// TestAddressesMatchPortsAndServices: a listen address's port is a declared
// container port, and every address one process calls another at names a
// Service with that port, so a renumbered port cannot break one side only.
func TestAddressesMatchPortsAndServices(t *testing.T) {
	for overlay := range overlays {
		objects := render(t, overlay)
		servicePorts := map[string]bool{}
		for _, s := range objects.services {
			for _, p := range s.Spec.Ports {
				servicePorts[fmt.Sprintf("%s:%d", s.Name, p.Port)] = true
			}
		}
		adminPort := ""
		for _, cm := range objects.configMaps {
			if addr, ok := cm.Data["VIDHOST_ADMIN_ADDR"]; ok {
				_, adminPort, _ = net.SplitHostPort(addr)
			}
		}
		require.NotEmpty(t, adminPort, "%s sets VIDHOST_ADMIN_ADDR", overlay)
		for _, d := range objects.deployments {
			c := d.Spec.Template.Spec.Containers[0]
			admin := slices.IndexFunc(c.Ports, func(p corev1.ContainerPort) bool { return p.Name == "admin" })
			if assert.GreaterOrEqual(t, admin, 0, "%s/%s has an admin port", overlay, d.Name) {
				assert.Equal(t, adminPort, fmt.Sprint(c.Ports[admin].ContainerPort), "%s/%s: the admin port is VIDHOST_ADMIN_ADDR's", overlay, d.Name)
			}
			for _, e := range c.Env {
				if e.ValueFrom != nil || !strings.HasSuffix(e.Name, "_ADDR") && !strings.HasSuffix(e.Name, "_TUS_URL") {
					continue
				}
				hostPort := strings.TrimPrefix(e.Value, "http://")
				host, port, err := net.SplitHostPort(hostPort)
				require.NoError(t, err, "%s/%s %s=%s", overlay, d.Name, e.Name, e.Value)
				if host == "0.0.0.0" {
					declared := slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool { return fmt.Sprint(p.ContainerPort) == port })
					assert.True(t, declared, "%s/%s listens on %s, a declared container port", overlay, d.Name, port)
					continue
				}
				assert.True(t, servicePorts[hostPort], "%s/%s calls %s (%s): no such Service port", overlay, d.Name, hostPort, e.Name)
			}
		}
	}
}

// The production install's Ingress reaches the gateway's http port and
// nothing else (the NetworkPolicies open no other Service to the world), with
// TLS for every host it serves.
func TestIngressReachesOnlyTheGateway(t *testing.T) {
	objects := render(t, "overlays/production")
	require.Len(t, objects.ingresses, 1)
	ing := objects.ingresses[0]
	var tlsHosts []string
	for _, tls := range ing.Spec.TLS {
		tlsHosts = append(tlsHosts, tls.Hosts...)
	}
	for _, rule := range ing.Spec.Rules {
		assert.Contains(t, tlsHosts, rule.Host, "HTTPS for %s", rule.Host)
		require.NotNil(t, rule.HTTP)
		for _, path := range rule.HTTP.Paths {
			require.NotNil(t, path.Backend.Service)
			assert.Equal(t, "gateway", path.Backend.Service.Name)
			assert.Equal(t, "http", path.Backend.Service.Port.Name)
		}
	}
	gateway := slices.IndexFunc(objects.services, func(s *corev1.Service) bool { return s.Name == "gateway" })
	require.GreaterOrEqual(t, gateway, 0)
	assert.True(t, slices.ContainsFunc(objects.services[gateway].Spec.Ports, func(p corev1.ServicePort) bool { return p.Name == "http" }))
}
