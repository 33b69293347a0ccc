package k8s

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The custom resources the manifests use, as subsets of their projects' Go
// API types with the same JSON names (KEDA v2.17 keda.sh/v1alpha1,
// CloudNativePG v1.27 postgresql.cnpg.io/v1). Decoded strictly, a misspelt
// or misplaced field fails the test; a real field not transcribed here
// fails too, and is added here from the upstream type when first used.

type scaledObject struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		ScaleTargetRef struct {
			APIVersion string `json:"apiVersion,omitempty"`
			Kind       string `json:"kind,omitempty"`
			Name       string `json:"name"`
		} `json:"scaleTargetRef"`
		PollingInterval  *int32 `json:"pollingInterval,omitempty"`
		CooldownPeriod   *int32 `json:"cooldownPeriod,omitempty"`
		MinReplicaCount  *int32 `json:"minReplicaCount,omitempty"`
		MaxReplicaCount  *int32 `json:"maxReplicaCount,omitempty"`
		IdleReplicaCount *int32 `json:"idleReplicaCount,omitempty"`
		Triggers         []struct {
			Type     string            `json:"type"`
			Name     string            `json:"name,omitempty"`
			Metadata map[string]string `json:"metadata"`
		} `json:"triggers"`
	} `json:"spec"`
}

// cnpgStorage is CloudNativePG's StorageConfiguration (data and WAL volumes).
type cnpgStorage struct {
	Size         string  `json:"size,omitempty"`
	StorageClass *string `json:"storageClass,omitempty"`
}

type secretKeySelector struct {
	Name string `json:"name"`
	Key  string `json:"key"`
}

type cnpgCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Instances  int          `json:"instances"`
		ImageName  string       `json:"imageName,omitempty"`
		Storage    cnpgStorage  `json:"storage"`
		WalStorage *cnpgStorage `json:"walStorage,omitempty"`
		PostgreSQL *struct {
			Parameters map[string]string `json:"parameters,omitempty"`
		} `json:"postgresql,omitempty"`
		Bootstrap *struct {
			InitDB *struct {
				Database                   string `json:"database,omitempty"`
				Owner                      string `json:"owner,omitempty"`
				PostInitApplicationSQLRefs *struct {
					ConfigMapRefs []secretKeySelector `json:"configMapRefs,omitempty"`
					SecretRefs    []secretKeySelector `json:"secretRefs,omitempty"`
				} `json:"postInitApplicationSQLRefs,omitempty"`
			} `json:"initdb,omitempty"`
		} `json:"bootstrap,omitempty"`
		Managed *struct {
			Roles []struct {
				Name            string `json:"name"`
				Ensure          string `json:"ensure,omitempty"`
				Comment         string `json:"comment,omitempty"`
				Login           bool   `json:"login,omitempty"`
				Inherit         *bool  `json:"inherit,omitempty"`
				ConnectionLimit int64  `json:"connectionLimit,omitempty"`
				PasswordSecret  *struct {
					Name string `json:"name"`
				} `json:"passwordSecret,omitempty"`
				InRoles []string `json:"inRoles,omitempty"`
			} `json:"roles,omitempty"`
		} `json:"managed,omitempty"`
		Resources corev1.ResourceRequirements `json:"resources,omitempty"`
		Backup    *struct {
			RetentionPolicy   string `json:"retentionPolicy,omitempty"`
			BarmanObjectStore *struct {
				DestinationPath string `json:"destinationPath"`
				EndpointURL     string `json:"endpointURL,omitempty"`
				S3Credentials   *struct {
					AccessKeyID     *secretKeySelector `json:"accessKeyId,omitempty"`
					SecretAccessKey *secretKeySelector `json:"secretAccessKey,omitempty"`
				} `json:"s3Credentials,omitempty"`
				Wal *struct {
					Compression string `json:"compression,omitempty"`
				} `json:"wal,omitempty"`
				Data *struct {
					Compression string `json:"compression,omitempty"`
				} `json:"data,omitempty"`
			} `json:"barmanObjectStore,omitempty"`
		} `json:"backup,omitempty"`
	} `json:"spec"`
}

type cnpgScheduledBackup struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Schedule             string `json:"schedule"`
		BackupOwnerReference string `json:"backupOwnerReference,omitempty"`
		Immediate            *bool  `json:"immediate,omitempty"`
		Cluster              struct {
			Name string `json:"name"`
		} `json:"cluster"`
	} `json:"spec"`
}
