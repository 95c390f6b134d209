CREATE TABLE "analysis"."editing_tips" (
	"photo_id" uuid NOT NULL,
	"platform" varchar(20) NOT NULL,
	"level" varchar(20) NOT NULL,
	"suggestions" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editing_tips_photo_id_platform_level_pk" PRIMARY KEY("photo_id","platform","level")
);
--> statement-breakpoint
CREATE TABLE "analysis"."photo_access" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid,
	"is_public" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis"."ratings" ADD COLUMN "category" varchar(20) DEFAULT 'others' NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis"."ratings" ADD COLUMN "evidence" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis"."ratings" ADD COLUMN "measurements" jsonb;--> statement-breakpoint
ALTER TABLE "analysis"."ratings" ADD COLUMN "event_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis"."ratings" ADD COLUMN "published_at" timestamp with time zone;