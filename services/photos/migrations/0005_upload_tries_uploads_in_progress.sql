CREATE TABLE "photos"."upload_tries" (
	"subject" varchar(80) NOT NULL,
	"day" date NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_tries_subject_day_pk" PRIMARY KEY("subject","day")
);
--> statement-breakpoint
CREATE TABLE "photos"."uploads_in_progress" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "uploads_in_progress_started_idx" ON "photos"."uploads_in_progress" USING btree ("started_at");