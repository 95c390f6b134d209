CREATE SCHEMA IF NOT EXISTS "analysis";
--> statement-breakpoint
CREATE TABLE "analysis"."ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"photo_id" uuid NOT NULL,
	"overall_rating" numeric(3, 1) NOT NULL,
	"composition" numeric(3, 1) NOT NULL,
	"lighting" numeric(3, 1) NOT NULL,
	"clarity" numeric(3, 1) NOT NULL,
	"creativity" numeric(3, 1) NOT NULL,
	"feedback" text NOT NULL,
	"subject" varchar(200),
	"location" varchar(200),
	"ai_model" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_photo_id_unique" UNIQUE("photo_id")
);
