CREATE TABLE "photos"."photo_reviews" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid,
	"decision" varchar(20) NOT NULL,
	"reason" text,
	"reviewed_by" uuid NOT NULL,
	"review_reasons" jsonb NOT NULL,
	"category" varchar(40),
	"reviewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "moderation" varchar(20);--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "review_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "review_category" varchar(40);