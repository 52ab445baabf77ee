CREATE TABLE "report_form_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_form_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"requested_by" bigint NOT NULL,
	"job_id" bigint NOT NULL,
	"form" text NOT NULL,
	"start_time" date NOT NULL,
	"end_time" date NOT NULL,
	"filters" jsonb NOT NULL,
	"filter_key" text NOT NULL,
	"file_id" bigint,
	"rows" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_form_exports" ADD CONSTRAINT "report_form_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_form_exports" ADD CONSTRAINT "report_form_exports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_form_exports" ADD CONSTRAINT "report_form_exports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_form_exports_user_idx" ON "report_form_exports" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "report_form_exports_key_idx" ON "report_form_exports" USING btree ("requested_by","filter_key");--> statement-breakpoint
CREATE INDEX "report_form_exports_job_idx" ON "report_form_exports" USING btree ("job_id");