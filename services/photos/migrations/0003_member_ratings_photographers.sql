CREATE TABLE "photos"."member_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"photo_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"author_name" varchar(201) NOT NULL,
	"overall_rating" numeric(3, 1) NOT NULL,
	"composition" numeric(3, 1) NOT NULL,
	"lighting" numeric(3, 1) NOT NULL,
	"clarity" numeric(3, 1) NOT NULL,
	"creativity" numeric(3, 1) NOT NULL,
	"feedback" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_ratings_scores_check" CHECK ("photos"."member_ratings"."overall_rating" BETWEEN 1 AND 10 AND "photos"."member_ratings"."composition" BETWEEN 1 AND 10 AND "photos"."member_ratings"."lighting" BETWEEN 1 AND 10 AND "photos"."member_ratings"."clarity" BETWEEN 1 AND 10 AND "photos"."member_ratings"."creativity" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "photos"."photographers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_name" varchar(100) DEFAULT '' NOT NULL,
	"last_name" varchar(100) DEFAULT '' NOT NULL,
	"profile_image_url" varchar(500) DEFAULT '' NOT NULL,
	"public_profile" boolean DEFAULT false NOT NULL,
	"profile_at" timestamp with time zone DEFAULT '1970-01-01T00:00:00.000Z' NOT NULL,
	"preference_at" timestamp with time zone DEFAULT '1970-01-01T00:00:00.000Z' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos"."member_ratings" ADD CONSTRAINT "member_ratings_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "photos"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_ratings_photo_user_idx" ON "photos"."member_ratings" USING btree ("photo_id","user_id");--> statement-breakpoint
CREATE INDEX "member_ratings_user_idx" ON "photos"."member_ratings" USING btree ("user_id");