CREATE TABLE "daily_work_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_work_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inspector_id" bigint NOT NULL,
	"work_date" date NOT NULL,
	"attendance_id" bigint NOT NULL,
	"works" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hours_tenths" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"assist_score" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"reject_reason" text,
	"checked_by" bigint,
	"checked_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_work_reports" ADD CONSTRAINT "daily_work_reports_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_work_reports" ADD CONSTRAINT "daily_work_reports_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_work_reports" ADD CONSTRAINT "daily_work_reports_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_work_reports_inspector_date_uq" ON "daily_work_reports" USING btree ("inspector_id","work_date");--> statement-breakpoint
CREATE INDEX "daily_work_reports_status_idx" ON "daily_work_reports" USING btree ("status","work_date");--> statement-breakpoint
CREATE INDEX "daily_work_reports_date_sort_idx" ON "daily_work_reports" USING btree ("work_date","id");