CREATE TABLE "inspection_instructions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_instructions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"confirmed_result" smallint NOT NULL,
	"content" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"issued_by" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"reinspection_apply_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "signature_file_id" bigint;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD COLUMN "pdf" jsonb;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD COLUMN "pdf_job_id" bigint;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD COLUMN "sends" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD COLUMN "confirmed_result" smallint;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_instructions" ADD CONSTRAINT "inspection_instructions_report_id_inspection_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."inspection_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_instructions" ADD CONSTRAINT "inspection_instructions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_instructions" ADD CONSTRAINT "inspection_instructions_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_instructions" ADD CONSTRAINT "inspection_instructions_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_instructions" ADD CONSTRAINT "inspection_instructions_reinspection_apply_id_inspection_applies_id_fk" FOREIGN KEY ("reinspection_apply_id") REFERENCES "public"."inspection_applies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_instructions_report_idx" ON "inspection_instructions" USING btree ("report_id","id");--> statement-breakpoint
CREATE INDEX "inspection_instructions_client_idx" ON "inspection_instructions" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "inspection_instructions_department_idx" ON "inspection_instructions" USING btree ("department_id","id");--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;