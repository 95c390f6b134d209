// What the distributed journey reads straight from the data services' own databases, asked the
// same way on either backend: each question is answered from the service's database on the
// backend the cluster gave it (cluster.drivers): PostgreSQL (its schema, SQL) or MongoDB (its
// database <prefix>_<service>, driver reads; a tombstone, `_deleted`, counts as gone, as the
// adapters' reads treat it).
import mongoose from 'mongoose';
import { queryService } from './journey-kit.mjs';

const LIVE = { _deleted: { $ne: true } };

/** The journey's view of the services' stored data in a cluster started by startCluster(). */
export function journeyStores(cluster) {
  const onMongo = (service) => cluster.drivers[service] === 'mongodb';

  const sql = (service, text, params) => queryService(cluster, service, text, params);

  /** Runs `fn(db)` on the service's MongoDB database (`<database of its URL>_<service>`). */
  async function mongo(service, fn) {
    const url = cluster.databases[service];
    const connection = await mongoose.createConnection(url, { dbName: `${new URL(url).pathname.slice(1)}_${service}` }).asPromise();
    try {
      return await fn(connection.db);
    } finally {
      await connection.close();
    }
  }

  const count = async (service, postgres, params, collection, filter) =>
    onMongo(service) ? mongo(service, (db) => db.collection(collection).countDocuments({ ...filter, ...LIVE })) : (await sql(service, postgres, params))[0].n;

  return {
    /** photos' read model of uploader names: [{ userId, firstName }] of these users, by id. */
    async uploaders(userIds) {
      const rows = onMongo('photos')
        ? (await mongo('photos', (db) => db.collection('uploaders').find({ _id: { $in: userIds } }).toArray())).map((doc) => ({ userId: doc._id, firstName: doc.firstName }))
        : (await sql('photos', 'SELECT user_id, first_name FROM photos.uploaders WHERE user_id = ANY($1)', [userIds])).map((row) => ({ userId: row.user_id, firstName: row.first_name }));
      return rows.sort((a, b) => a.userId.localeCompare(b.userId));
    },

    /** A photo's like counter and its stored likes (rows on PostgreSQL, the likers in its document on MongoDB). */
    async likes(photoId) {
      if (onMongo('photos')) {
        const photo = await mongo('photos', (db) => db.collection('photos').findOne({ _id: photoId, ...LIVE }));
        return { counter: photo?.likes, stored: photo?.likedBy?.length };
      }
      const [row] = await sql('photos', 'SELECT p.likes, (SELECT count(*)::int FROM photos.photo_likes l WHERE l.photo_id = p.id) AS stored FROM photos.photos p WHERE p.id = $1', [photoId]);
      return { counter: row?.likes, stored: row?.stored };
    },

    /** The ids of the events a service's consumer group has processed (its idempotency records). */
    async processedEventIds(service, consumer) {
      const ids = onMongo(service)
        ? (await mongo(service, (db) => db.collection('processed_events').find({ consumer, state: 'done' }).toArray())).map((doc) => doc.eventId)
        : (await sql(service, `SELECT event_id FROM ${service}.processed_events WHERE consumer = $1`, [consumer])).map((row) => row.event_id);
      return new Set(ids);
    },

    /** Changes whose events the service's outbox has not published yet (rows; documents with `_outbox` events). */
    async unpublished(service) {
      if (!onMongo(service)) return (await sql(service, `SELECT count(*)::int AS n FROM ${service}.outbox WHERE published_at IS NULL`))[0].n;
      return mongo(service, async (db) => {
        let n = 0;
        for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
          if (!name.startsWith('system.')) n += await db.collection(name).countDocuments({ '_outbox.0': { $exists: true } });
        }
        return n;
      });
    },

    /** analysis: the ratings of these photos. */
    ratings: (photoIds) => count('analysis', 'SELECT count(*)::int AS n FROM analysis.ratings WHERE photo_id = ANY($1)', [photoIds], 'ratings', { photoId: { $in: photoIds } }),
    /** analysis: the editing tips of a photo. */
    editingTips: (photoId) => count('analysis', 'SELECT count(*)::int AS n FROM analysis.editing_tips WHERE photo_id = $1', [photoId], 'editing_tips', { photoId }),
    /** auth: the account (0 or 1). */
    accounts: (userId) => count('auth', 'SELECT count(*)::int AS n FROM auth.users WHERE id = $1', [userId], 'users', { _id: userId }),
    /** auth: the account's sessions. */
    sessions: (userId) => count('auth', 'SELECT count(*)::int AS n FROM auth.user_sessions WHERE user_id = $1', [userId], 'user_sessions', { userId }),

    /** billing: the status of each of a user's subscriptions. */
    async subscriptionStatuses(userId) {
      return onMongo('billing')
        ? (await mongo('billing', (db) => db.collection('billing_subscriptions').find({ userId, ...LIVE }).toArray())).map((doc) => doc.status)
        : (await sql('billing', 'SELECT status FROM billing.subscriptions WHERE user_id = $1', [userId])).map((row) => row.status);
    },
  };
}
