-- Gallery at scale: indexes per filter and sort, trigram indexes for search.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; it ships with
-- the embedded PostgreSQL and with every standard PostgreSQL package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "photo_likes_guest_ip_idx" ON "photos"."photo_likes" USING btree ("ip_address") WHERE "photos"."photo_likes"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "photos_user_uploaded_idx" ON "photos"."photos" USING btree ("user_id","uploaded_at","id");--> statement-breakpoint
CREATE INDEX "photos_uploaded_idx" ON "photos"."photos" USING btree ("uploaded_at","id");--> statement-breakpoint
CREATE INDEX "photos_public_newest_idx" ON "photos"."photos" USING btree ("uploaded_at","id") WHERE "photos"."photos"."is_public";--> statement-breakpoint
CREATE INDEX "photos_public_liked_idx" ON "photos"."photos" USING btree ("likes","uploaded_at","id") WHERE "photos"."photos"."is_public";--> statement-breakpoint
CREATE INDEX "photos_public_viewed_idx" ON "photos"."photos" USING btree ("views","uploaded_at","id") WHERE "photos"."photos"."is_public";--> statement-breakpoint
CREATE INDEX "photos_public_category_newest_idx" ON "photos"."photos" USING btree ("category","uploaded_at","id") WHERE "photos"."photos"."is_public";--> statement-breakpoint
CREATE INDEX "photos_public_category_liked_idx" ON "photos"."photos" USING btree ("category","likes","uploaded_at","id") WHERE "photos"."photos"."is_public";--> statement-breakpoint
CREATE INDEX "photos_public_category_viewed_idx" ON "photos"."photos" USING btree ("category","views","uploaded_at","id") WHERE "photos"."photos"."is_public";--> statement-breakpoint
CREATE INDEX "photos_title_trgm_idx" ON "photos"."photos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "photos_description_trgm_idx" ON "photos"."photos" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
-- Replaced by the indexes above (created first, so no query runs without one).
DROP INDEX "photos"."photos_user_id_idx";--> statement-breakpoint
DROP INDEX "photos"."photos_public_uploaded_idx";
