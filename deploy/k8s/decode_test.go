package k8s

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// rendered is an overlay's objects, decoded into their API types.
type rendered struct {
	deployments     []*appsv1.Deployment
	services        []*corev1.Service
	configMaps      []*corev1.ConfigMap
	secrets         []*corev1.Secret
	pdbs            []*policyv1.PodDisruptionBudget
	networkPolicies []*networkingv1.NetworkPolicy
	ingresses       []*networkingv1.Ingress
	hpas            []*autoscalingv2.HorizontalPodAutoscaler
	scaledObjects   []*scaledObject
	clusters        []*cnpgCluster
	all             []runtime.Object
}

// builtIn are the Kubernetes API types the manifests may use.
func builtIn() *runtime.Scheme {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		appsv1.AddToScheme, corev1.AddToScheme, policyv1.AddToScheme,
		networkingv1.AddToScheme, autoscalingv2.AddToScheme,
	} {
		if err := add(scheme); err != nil {
			panic(err)
		}
	}
	return scheme
}

// decodeAll splits the YAML stream and decodes each document strictly
// (unknown or duplicate fields fail) into its kind's Go type.
func decodeAll(t *testing.T, stream []byte) rendered {
	t.Helper()
	scheme := builtIn()
	var out rendered
	reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(stream)))
	for {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("split: %v", err)
		}
		if len(bytes.TrimSpace(doc)) == 0 {
			continue
		}
		obj, err := decodeOne(scheme, doc)
		if err != nil {
			t.Errorf("%v\n%s", err, doc)
			continue
		}
		out.add(obj)
	}
	return out
}

func decodeOne(scheme *runtime.Scheme, doc []byte) (any, error) {
	var meta struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	if err := yaml.Unmarshal(doc, &meta); err != nil {
		return nil, err
	}
	gvk := schema.FromAPIVersionAndKind(meta.APIVersion, meta.Kind)
	var obj any
	switch gvk {
	case schema.GroupVersionKind{Group: "keda.sh", Version: "v1alpha1", Kind: "ScaledObject"}:
		obj = &scaledObject{}
	case schema.GroupVersionKind{Group: "postgresql.cnpg.io", Version: "v1", Kind: "Cluster"}:
		obj = &cnpgCluster{}
	case schema.GroupVersionKind{Group: "postgresql.cnpg.io", Version: "v1", Kind: "ScheduledBackup"}:
		obj = &cnpgScheduledBackup{}
	default:
		typed, err := scheme.New(gvk)
		if err != nil {
			return nil, fmt.Errorf("%s: not a kind the manifests may use: %w", gvk, err)
		}
		obj = typed
	}
	if err := yaml.UnmarshalStrict(doc, obj); err != nil {
		return nil, fmt.Errorf("%s: %w", gvk, err)
	}
	return obj, nil
}

func (r *rendered) add(obj any) {
	switch o := obj.(type) {
	case *appsv1.Deployment:
		r.deployments = append(r.deployments, o)
	case *corev1.Service:
		r.services = append(r.services, o)
	case *corev1.ConfigMap:
		r.configMaps = append(r.configMaps, o)
	case *corev1.Secret:
		r.secrets = append(r.secrets, o)
	case *policyv1.PodDisruptionBudget:
		r.pdbs = append(r.pdbs, o)
	case *networkingv1.NetworkPolicy:
		r.networkPolicies = append(r.networkPolicies, o)
	case *networkingv1.Ingress:
		r.ingresses = append(r.ingresses, o)
	case *autoscalingv2.HorizontalPodAutoscaler:
		r.hpas = append(r.hpas, o)
	case *scaledObject:
		r.scaledObjects = append(r.scaledObjects, o)
	case *cnpgCluster:
		r.clusters = append(r.clusters, o)
	}
	if o, ok := obj.(runtime.Object); ok {
		r.all = append(r.all, o)
	}
}
