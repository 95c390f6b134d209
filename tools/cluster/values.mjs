// The Helm values check:cluster renders the chart with: the README's first install
// (charts/wildframe/values-minimal.yaml, given to helm first), then these overrides for what this
// machine differs in — where Kafka, the database and MinIO are, images loaded locally instead of
// pulled, one broker, no Stripe account — and the Secrets' values, which a real install keeps in
// Secrets made beforehand. Nothing here changes how a pod is built: images, commands, probes and
// security contexts come from the chart as it renders.

/**
 * infra: { hostAddress, brokers, databaseDriver ('mongodb' | 'postgres'), databaseUrl(service), s3: { endpoint, region, accessKeyId, secretAccessKey } };
 * admin: { email, password }; dataServices: the services with a database.
 */
export function clusterValues({ infra, imageTag, admin, dataServices }) {
  const storage = { S3_ACCESS_KEY_ID: infra.s3.accessKeyId, S3_SECRET_ACCESS_KEY: infra.s3.secretAccessKey };
  // values-minimal.yaml names Secrets made before the install; here the chart makes them from values.
  const services = Object.fromEntries(
    dataServices.map((service) => [service, { secrets: { existingSecret: '', values: { DATABASE_URL: infra.databaseUrl(service) } } }]),
  );
  Object.assign(services.auth.secrets.values, storage, { ADMIN_PASSWORD: admin.password });
  services.auth.env = { ADMIN_EMAIL: admin.email };
  Object.assign(services.photos.secrets.values, storage);
  // No Stripe account here: the sandbox provider, allowed explicitly as values-dev.yaml does
  // (values-minimal.yaml's example price ids stay in billing's ConfigMap, unused by the sandbox;
  // the schema allows no null to remove them).
  services.billing.env = { PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' };
  const hostPeer = () => ({ to: [`${infra.hostAddress}/32`] });
  return {
    // "": no registry prefix, for images loaded into the nodes (podman finds wildframe-<service>:<tag>
    // as the localhost/… image check:cluster built).
    image: { registry: '', tag: imageTag, pullPolicy: 'IfNotPresent' },
    // One pod per Deployment: podman kube play makes one pod of a Deployment.
    defaults: { replicas: 1 },
    // One broker: the chart then creates the topics with one replica.
    kafka: { brokers: infra.brokers, brokerCount: 1 },
    // MinIO: its endpoint, path-style addressing, and the buckets made by the services at start-up.
    s3: { endpoint: infra.s3.endpoint, region: infra.s3.region, forcePathStyle: true, createBuckets: true },
    // mongodb is the chart's default; postgres under check:cluster --database postgres.
    database: { driver: infra.databaseDriver },
    // The NetworkPolicies' egress peers: where Kafka, the database and MinIO really are (rendered
    // and checked by the chart; no CNI enforces them under podman). `database` is PostgreSQL's
    // peer, `mongodb` MongoDB's.
    networkPolicy: { egress: { kafka: hostPeer(), [infra.databaseDriver === 'mongodb' ? 'mongodb' : 'database']: hostPeer(), s3: hostPeer() } },
    services,
  };
}
