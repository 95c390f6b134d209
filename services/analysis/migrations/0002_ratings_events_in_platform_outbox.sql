-- Ratings now announce themselves through the platform's outbox (analysis.outbox, created by the
-- platform's migrate step). Events a crash or bus outage left unpublished under the old scheme are
-- handed over with their fixed event id, so consumers still dedupe; then the old marker goes.
DO $$
BEGIN
  IF to_regclass('analysis.outbox') IS NOT NULL THEN
    INSERT INTO "analysis"."outbox" (id, topic, key, subject, headers, payload)
    SELECT r.event_id::text, 'analysis.photo.analyzed.v1', r.photo_id::text, r.photo_id::text, '{}'::jsonb,
      jsonb_build_object(
        'photoId', r.photo_id, 'overallRating', r.overall_rating::float8, 'composition', r.composition::float8,
        'lighting', r.lighting::float8, 'clarity', r.clarity::float8, 'creativity', r.creativity::float8,
        'feedback', r.feedback, 'subject', coalesce(r.subject, ''), 'aiModel', r.ai_model, 'category', r.category,
        'analyzedAt', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    FROM "analysis"."ratings" r
    WHERE r.published_at IS NULL
    ORDER BY r.created_at
    ON CONFLICT (id) DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "analysis"."ratings" DROP COLUMN "published_at";
