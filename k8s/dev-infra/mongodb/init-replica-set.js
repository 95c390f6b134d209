// Makes this MongoDB a replica set of one member, rs0, unless it is one already (mongosh script,
// run by the init-replica-set container of k8s/dev-infra/mongodb.yaml until it succeeds). The
// services need no replica set; one gives a dev cluster what production deployments have
// (transactions, change streams) for operators who want to try them. Idempotent: run again on an
// initiated member (a restarted container keeps its data), it changes nothing.
const member = 'wildframe-mongodb-0.wildframe-mongodb:27017';
try {
  const status = rs.status();
  print(`replica set ${status.set} already initiated`);
} catch (error) {
  // Code 94, NotYetInitialized: a fresh member. Anything else (not up yet, say) fails this run; the loop tries again.
  if (error.code !== 94) throw error;
  rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: member }] });
  print(`replica set rs0 initiated with ${member}`);
}
