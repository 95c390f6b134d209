// The Helm values check:cluster renders the chart with: the chart's defaults, plus what this
// machine differs in (where Kafka, PostgreSQL and MinIO are, the locally built images) and the
// secrets an operator would provide. Nothing here changes how a pod is built: images, commands,
// probes and security contexts come from the chart as it renders.
import { randomBytes } from 'node:crypto';

const secret = (bytes) => randomBytes(bytes).toString('hex');

/**
 * infra: { hostAddress, brokers, databaseUrl(service), s3: { endpoint, region, accessKeyId, secretAccessKey } };
 * admin: { email, password }; dataServices: the services with a database; chartDefaults: the
 * chart's values.yaml (keys it does not know are left out, as its schema refuses them).
 */
export function clusterValues({ infra, imageTag, admin, dataServices, chartDefaults }) {
  const storage = { S3_ACCESS_KEY_ID: infra.s3.accessKeyId, S3_SECRET_ACCESS_KEY: infra.s3.secretAccessKey };
  const services = Object.fromEntries(dataServices.map((service) => [service, { secrets: { values: { DATABASE_URL: infra.databaseUrl(service) } } }]));
  Object.assign(services.auth.secrets.values, storage, { ADMIN_PASSWORD: admin.password });
  services.auth.env = { ADMIN_EMAIL: admin.email };
  Object.assign(services.photos.secrets.values, storage);
  // No Stripe account here: the sandbox provider, allowed explicitly as values-dev.yaml does.
  services.billing.env = { PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' };
  return {
    // Built by check:cluster as localhost/wildframe-<service>:<tag> (podman's name for a local image).
    image: { registry: 'localhost', tag: imageTag, pullPolicy: 'IfNotPresent' },
    // One pod per Deployment: podman kube play makes one pod of a Deployment.
    defaults: { replicas: 1 },
    // One broker: topics with one replica.
    kafka: { brokers: infra.brokers, ...('brokerCount' in (chartDefaults.kafka ?? {}) ? { brokerCount: 1 } : {}), topics: { replicationFactor: 1 } },
    // The NetworkPolicies' egress peers: where Kafka, PostgreSQL and MinIO really are (rendered
    // and checked by the chart; no CNI enforces them under podman).
    networkPolicy: {
      egress: Object.fromEntries(['kafka', 'database', 's3'].map((name) => [name, { to: [{ ipBlock: { cidr: `${infra.hostAddress}/32` } }] }])),
    },
    s3: { endpoint: infra.s3.endpoint, region: infra.s3.region, forcePathStyle: true },
    services,
    sharedSecrets: { values: { IDENTITY_SECRET: secret(24), INTERNAL_API_TOKEN: secret(16), IMAGE_URL_SECRET: secret(24) } },
  };
}
