CREATE TABLE "photos"."assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text NOT NULL,
	"category" varchar(40) NOT NULL,
	"mime_type" varchar(50) NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"credit" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "photos"."photo_likes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"photo_id" uuid NOT NULL,
	"user_id" uuid,
	"ip_address" varchar(45) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."photo_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"photo_id" uuid NOT NULL,
	"user_id" uuid,
	"ip_address" varchar(45) NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."upload_counts" (
	"subject" varchar(80) NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_counts_subject_day_pk" PRIMARY KEY("subject","day")
);
--> statement-breakpoint
CREATE TABLE "photos"."uploaders" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "storage_type" varchar(20) DEFAULT 'temporary' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "guest_ip" varchar(45);--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "width" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "height" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "dominant_color" varchar(7) DEFAULT '#8a8f7a' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "thumbnail_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "display_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "camera" jsonb;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "credit" jsonb;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "overall_rating" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "rating" jsonb;--> statement-breakpoint
ALTER TABLE "photos"."photo_likes" ADD CONSTRAINT "photo_likes_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "photos"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos"."photo_views" ADD CONSTRAINT "photo_views_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "photos"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_likes_user_idx" ON "photos"."photo_likes" USING btree ("photo_id","user_id") WHERE "photos"."photo_likes"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_likes_guest_idx" ON "photos"."photo_likes" USING btree ("photo_id","ip_address") WHERE "photos"."photo_likes"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "photo_views_photo_idx" ON "photos"."photo_views" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "photos_expires_idx" ON "photos"."photos" USING btree ("expires_at") WHERE "photos"."photos"."is_temporary";--> statement-breakpoint
CREATE INDEX "photos_featured_idx" ON "photos"."photos" USING btree ("is_featured") WHERE "photos"."photos"."is_featured";