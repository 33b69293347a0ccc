package drill

import (
	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/pkg/blob"
)

// commonEnv is what every Vidhost process of the cluster shares: the root
// secret, the NATS cluster with R3 streams, the S3 bucket, text logs.
func (c *Cluster) commonEnv() []string {
	return []string{
		"VIDHOST_INTERNAL_SECRET=" + c.secret,
		"VIDHOST_NATS_URL=" + clientURLs(c.natsNodes),
		"VIDHOST_NATS_REPLICAS=3",
		"VIDHOST_LOG_FORMAT=text",
		"VIDHOST_LOG_LEVEL=info",
		"VIDHOST_PUBLIC_URL=" + c.GatewayURLs[0],
	}
}

// blobEnv points a process at the drill's S3 server, with the blob URL key
// derived from the root secret as the devstack derives it.
func blobEnv(s3 blob.Config, secret string) []string {
	return []string{
		"VIDHOST_BLOB_DRIVER=s3",
		"VIDHOST_S3_ENDPOINT=" + s3.Endpoint,
		"VIDHOST_S3_REGION=" + s3.Region,
		"VIDHOST_S3_BUCKET=" + s3.Bucket,
		"VIDHOST_S3_ACCESS_KEY=" + s3.AccessKey,
		"VIDHOST_S3_SECRET_KEY=" + s3.SecretKey,
		"VIDHOST_S3_CREATE_BUCKET=true",
		"VIDHOST_BLOB_SIGNING_SECRET=" + stack.BlobSigningSecret(secret),
	}
}

// serviceEnv is the environment of one replica of service beyond commonEnv.
func (c *Cluster) serviceEnv(service string, grpcAddr, adminAddr, extraAddr string) []string {
	env := append(c.commonEnv(), blobEnv(c.s3, c.secret)...)
	env = append(env, "VIDHOST_ADMIN_ADDR="+adminAddr)
	if v, ok := grpcAddrEnv[service]; ok {
		env = append(env, v+"="+grpcAddr)
	}
	if url, ok := c.dbURLs[service]; ok {
		env = append(env, "VIDHOST_DATABASE_URL="+url)
	}
	switch service {
	case "identity":
		env = append(env, "VIDHOST_OWNER_EMAIL=owner@drill.example", "VIDHOST_OWNER_PASSWORD=drill-owner-password-1",
			"VIDHOST_BOOTSTRAP_FILE="+c.bootstrapFile())
	case "catalog":
		env = append(env, "VIDHOST_UPLOAD_ADDR="+c.balancers["upload"].addr(), "VIDHOST_MEDIA_BASE_URL="+c.GatewayURLs[0]+"/media")
	case "upload":
		env = append(env, "VIDHOST_UPLOAD_HTTP_ADDR="+extraAddr)
	case "hooks":
		env = append(env, "VIDHOST_HOOKS_ALLOW_HTTP=true", "VIDHOST_HOOKS_ALLOW_LOOPBACK=true")
	case "transcode":
		// A killed worker's job comes back after the ack wait: short here
		// so the drill sees it again within seconds, with heartbeats to match.
		env = append(env, "VIDHOST_TRANSCODE_WORK_DIR="+extraAddr, "VIDHOST_TRANSCODE_ACK_WAIT=10s",
			"VIDHOST_TRANSCODE_HEARTBEAT=2s", "VIDHOST_FETCH_ALLOW_LOOPBACK=true")
		// Every upload is chunked and its chunks spread over the workers
		// (docs/transcoding.md, "Distribution"): the 6 s clip makes three
		// 2 s chunks, so the worker killed mid-job dies in one.
		env = append(env, "VIDHOST_TRANSCODE_CHUNKED=distributed", "VIDHOST_TRANSCODE_CHUNK_THRESHOLD=4s",
			"VIDHOST_TRANSCODE_CHUNK_LENGTH=2s")
	case "gateway":
		env = append(env, "VIDHOST_HTTP_ADDR="+grpcAddr,
			"VIDHOST_IDENTITY_ADDR="+c.balancers["identity"].addr(),
			"VIDHOST_CATALOG_ADDR="+c.balancers["catalog"].addr(),
			"VIDHOST_UPLOAD_ADDR="+c.balancers["upload"].addr(),
			"VIDHOST_UPLOAD_TUS_URL=http://"+c.balancers["upload-tus"].addr(),
			"VIDHOST_HOOKS_ADDR="+c.balancers["hooks"].addr(),
			"VIDHOST_ANALYTICS_ADDR="+c.balancers["analytics"].addr())
	}
	return env
}
