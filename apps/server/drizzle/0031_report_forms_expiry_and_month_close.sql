CREATE TABLE "fee_period_closes" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_by" bigint NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_period_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_period_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"period" text NOT NULL,
	"source_month" text NOT NULL,
	"correction" boolean DEFAULT false NOT NULL,
	"report_id" bigint NOT NULL,
	"inspector_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"man_days_hundredths" integer NOT NULL,
	"fee_cents" bigint NOT NULL,
	"travel_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"row_zh" jsonb NOT NULL,
	"row_en" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_period_closes" ADD CONSTRAINT "fee_period_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_period_lines_period_idx" ON "fee_period_lines" USING btree ("period","id");--> statement-breakpoint
CREATE INDEX "fee_period_lines_source_idx" ON "fee_period_lines" USING btree ("source_month","report_id","inspector_id");--> statement-breakpoint
CREATE INDEX "report_form_exports_expiry_idx" ON "report_form_exports" USING btree ("expires_at");