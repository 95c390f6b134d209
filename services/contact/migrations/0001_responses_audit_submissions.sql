CREATE TABLE "contact"."contact_message_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"action" varchar(30) NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact"."contact_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"response_text" text NOT NULL,
	"responded_by" uuid NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact"."contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ip_address" varchar(45) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact"."contact_responses" ADD CONSTRAINT "contact_responses_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "contact"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_message_audit_message_id_idx" ON "contact"."contact_message_audit" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_responses_message_id_idx" ON "contact"."contact_responses" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "contact_submissions_ip_at_idx" ON "contact"."contact_submissions" USING btree ("ip_address","at");