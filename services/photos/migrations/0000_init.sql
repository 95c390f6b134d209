CREATE SCHEMA IF NOT EXISTS "photos";
--> statement-breakpoint
CREATE TABLE "photos"."photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(200) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"title" varchar(160) NOT NULL,
	"description" varchar(500) NOT NULL,
	"category" varchar(40) NOT NULL,
	"mime_type" varchar(50) NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"user_id" uuid,
	"is_temporary" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "photos_user_id_idx" ON "photos"."photos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photos_public_uploaded_idx" ON "photos"."photos" USING btree ("is_public","uploaded_at");