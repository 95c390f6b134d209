ALTER TABLE "photos"."photos" ADD COLUMN "species" jsonb;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "place" jsonb;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "public_place" jsonb;--> statement-breakpoint
CREATE INDEX "photos_public_species_idx" ON "photos"."photos" USING btree (("species"->>'scientificName'),"uploaded_at","id") WHERE "photos"."photos"."is_public";--> statement-breakpoint
CREATE INDEX "photos_public_places_idx" ON "photos"."photos" USING btree ("id") WHERE "photos"."photos"."is_public" AND "photos"."photos"."public_place" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "photos_nature_search_trgm_idx" ON "photos"."photos" USING gin ((coalesce(species->>'commonName', '') || ' ' || coalesce(species->>'scientificName', '') || ' ' || coalesce(species->>'group', '') || ' ' || coalesce(rating->>'subject', '') || ' ' || coalesce(camera->>'make', '') || ' ' || coalesce(camera->>'model', '') || ' ' || coalesce(camera->>'body', '') || ' ' || coalesce(camera->>'lens', '')) gin_trgm_ops);