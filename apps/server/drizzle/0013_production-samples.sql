CREATE TABLE "production_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_no" text NOT NULL,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"provider_factory_id" bigint NOT NULL,
	"original_sample_id" bigint,
	"received_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"audit_result" smallint DEFAULT 0 NOT NULL,
	"test_result" smallint DEFAULT 0 NOT NULL,
	"audit_time" timestamp with time zone,
	"auditor_id" bigint,
	"audit_remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_products" ADD COLUMN "production_sample_id" bigint;--> statement-breakpoint
ALTER TABLE "production_samples" ADD CONSTRAINT "production_samples_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_samples" ADD CONSTRAINT "production_samples_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_samples" ADD CONSTRAINT "production_samples_provider_factory_id_factories_id_fk" FOREIGN KEY ("provider_factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_samples" ADD CONSTRAINT "production_samples_original_sample_id_original_samples_id_fk" FOREIGN KEY ("original_sample_id") REFERENCES "public"."original_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_samples" ADD CONSTRAINT "production_samples_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "production_samples_item_rev_idx" ON "production_samples" USING btree (reverse(lower("item_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "production_samples_client_idx" ON "production_samples" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "production_samples_department_idx" ON "production_samples" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "production_samples_provider_idx" ON "production_samples" USING btree ("provider_factory_id");--> statement-breakpoint
CREATE INDEX "production_samples_original_idx" ON "production_samples" USING btree ("original_sample_id");--> statement-breakpoint
CREATE INDEX "production_samples_auditor_idx" ON "production_samples" USING btree ("auditor_id");--> statement-breakpoint
CREATE INDEX "production_samples_status_idx" ON "production_samples" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "production_samples_item_sort_idx" ON "production_samples" USING btree (lower("item_no"),"id");--> statement-breakpoint
CREATE INDEX "production_samples_received_sort_idx" ON "production_samples" USING btree ("received_date","id");--> statement-breakpoint
CREATE INDEX "production_samples_audit_time_sort_idx" ON "production_samples" USING btree ("audit_time","id");--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_production_sample_id_production_samples_id_fk" FOREIGN KEY ("production_sample_id") REFERENCES "public"."production_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_products_production_sample_idx" ON "order_products" USING btree ("production_sample_id");