CREATE TABLE "photo_evidence" (
	"file_id" bigint PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"has_exif" boolean NOT NULL,
	"captured_at" text,
	"captured_offset" text,
	"latitude" double precision,
	"longitude" double precision,
	"phash" bigint NOT NULL,
	"band0" smallint GENERATED ALWAYS AS (((phash >> 54) & 1023)::smallint) STORED NOT NULL,
	"band1" smallint GENERATED ALWAYS AS (((phash >> 45) & 511)::smallint) STORED NOT NULL,
	"band2" smallint GENERATED ALWAYS AS (((phash >> 36) & 511)::smallint) STORED NOT NULL,
	"band3" smallint GENERATED ALWAYS AS (((phash >> 27) & 511)::smallint) STORED NOT NULL,
	"band4" smallint GENERATED ALWAYS AS (((phash >> 18) & 511)::smallint) STORED NOT NULL,
	"band5" smallint GENERATED ALWAYS AS (((phash >> 9) & 511)::smallint) STORED NOT NULL,
	"band6" smallint GENERATED ALWAYS AS (((phash >> 0) & 511)::smallint) STORED NOT NULL,
	"print_width" integer NOT NULL,
	"print_height" integer NOT NULL,
	"print_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aql_severity_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aql_severity_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"factory_id" bigint NOT NULL,
	"inspection_type_id" bigint NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_report_defects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_report_defects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"defect_id" bigint NOT NULL,
	"defect_class" smallint NOT NULL,
	"qty" integer NOT NULL,
	"order_product_id" bigint NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_report_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_report_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"order_product_id" bigint NOT NULL,
	"apply_quantity" integer DEFAULT 0 NOT NULL,
	"presented_quantity" integer DEFAULT 0 NOT NULL,
	"packed_quantity" integer DEFAULT 0 NOT NULL,
	"critical" integer DEFAULT 0 NOT NULL,
	"major" integer DEFAULT 0 NOT NULL,
	"minor" integer DEFAULT 0 NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_report_safety_tests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_report_safety_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"inspection_test_id" bigint NOT NULL,
	"sample_qty" integer,
	"value" text,
	"result" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_no" text NOT NULL,
	"task_id" bigint NOT NULL,
	"apply_id" bigint,
	"interim" boolean DEFAULT false NOT NULL,
	"inspection_type_id" bigint NOT NULL,
	"product_type" smallint DEFAULT 2 NOT NULL,
	"order_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"factory_id" bigint NOT NULL,
	"inspector_id" bigint NOT NULL,
	"assistant_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"inspection_date" date NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sampling_level" text NOT NULL,
	"major_aql" text NOT NULL,
	"minor_aql" text NOT NULL,
	"severity" text DEFAULT 'normal' NOT NULL,
	"plan" jsonb,
	"sample_size" integer DEFAULT 0 NOT NULL,
	"sample_override_reason" text,
	"critical" integer DEFAULT 0 NOT NULL,
	"major" integer DEFAULT 0 NOT NULL,
	"minor" integer DEFAULT 0 NOT NULL,
	"carton_data" jsonb,
	"carton_size" jsonb,
	"weights" jsonb,
	"pull_tests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sign_off" jsonb,
	"lab_samples" jsonb,
	"pre_result" smallint,
	"result" smallint DEFAULT 0 NOT NULL,
	"computed_result" smallint,
	"result_remark" text,
	"result_reason" text,
	"score" integer DEFAULT 0 NOT NULL,
	"assist_score" integer DEFAULT 0 NOT NULL,
	"checked_out_by" bigint,
	"checked_out_at" timestamp with time zone,
	"checkout_expires_at" timestamp with time zone,
	"audit_l1_by" bigint,
	"audit_l1_at" timestamp with time zone,
	"audit_l2_by" bigint,
	"audit_l2_at" timestamp with time zone,
	"reject_reason" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "longitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "test_orders" ADD COLUMN "inspection_report_id" bigint;--> statement-breakpoint
ALTER TABLE "photo_evidence" ADD CONSTRAINT "photo_evidence_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aql_severity_decisions" ADD CONSTRAINT "aql_severity_decisions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aql_severity_decisions" ADD CONSTRAINT "aql_severity_decisions_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aql_severity_decisions" ADD CONSTRAINT "aql_severity_decisions_inspection_type_id_inspection_types_id_fk" FOREIGN KEY ("inspection_type_id") REFERENCES "public"."inspection_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_defects" ADD CONSTRAINT "inspection_report_defects_report_id_inspection_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."inspection_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_defects" ADD CONSTRAINT "inspection_report_defects_defect_id_defects_id_fk" FOREIGN KEY ("defect_id") REFERENCES "public"."defects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_defects" ADD CONSTRAINT "inspection_report_defects_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_products" ADD CONSTRAINT "inspection_report_products_report_id_inspection_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."inspection_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_products" ADD CONSTRAINT "inspection_report_products_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_safety_tests" ADD CONSTRAINT "inspection_report_safety_tests_report_id_inspection_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."inspection_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_safety_tests" ADD CONSTRAINT "inspection_report_safety_tests_inspection_test_id_inspection_tests_id_fk" FOREIGN KEY ("inspection_test_id") REFERENCES "public"."inspection_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_task_id_inspection_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."inspection_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_apply_id_inspection_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."inspection_applies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_inspection_type_id_inspection_types_id_fk" FOREIGN KEY ("inspection_type_id") REFERENCES "public"."inspection_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_audit_l1_by_users_id_fk" FOREIGN KEY ("audit_l1_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_audit_l2_by_users_id_fk" FOREIGN KEY ("audit_l2_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_evidence_band0_idx" ON "photo_evidence" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "photo_evidence_band1_idx" ON "photo_evidence" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "photo_evidence_band2_idx" ON "photo_evidence" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "photo_evidence_band3_idx" ON "photo_evidence" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "photo_evidence_band4_idx" ON "photo_evidence" USING btree ("band4");--> statement-breakpoint
CREATE INDEX "photo_evidence_band5_idx" ON "photo_evidence" USING btree ("band5");--> statement-breakpoint
CREATE INDEX "photo_evidence_band6_idx" ON "photo_evidence" USING btree ("band6");--> statement-breakpoint
CREATE INDEX "aql_severity_decisions_idx" ON "aql_severity_decisions" USING btree ("client_id","factory_id","inspection_type_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_report_defects_uq" ON "inspection_report_defects" USING btree ("report_id","line") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "inspection_report_defects_defect_idx" ON "inspection_report_defects" USING btree ("defect_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_report_products_uq" ON "inspection_report_products" USING btree ("report_id","order_product_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "inspection_report_products_product_idx" ON "inspection_report_products" USING btree ("order_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_report_safety_tests_uq" ON "inspection_report_safety_tests" USING btree ("report_id","inspection_test_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "inspection_report_safety_tests_test_idx" ON "inspection_report_safety_tests" USING btree ("inspection_test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_reports_no_uq" ON "inspection_reports" USING btree ("report_no");--> statement-breakpoint
CREATE INDEX "inspection_reports_task_idx" ON "inspection_reports" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "inspection_reports_apply_idx" ON "inspection_reports" USING btree ("apply_id");--> statement-breakpoint
CREATE INDEX "inspection_reports_order_idx" ON "inspection_reports" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "inspection_reports_client_idx" ON "inspection_reports" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "inspection_reports_department_idx" ON "inspection_reports" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "inspection_reports_factory_idx" ON "inspection_reports" USING btree ("factory_id","inspection_date");--> statement-breakpoint
CREATE INDEX "inspection_reports_inspector_idx" ON "inspection_reports" USING btree ("inspector_id","status");--> statement-breakpoint
CREATE INDEX "inspection_reports_assistants_idx" ON "inspection_reports" USING gin ("assistant_ids");--> statement-breakpoint
CREATE INDEX "inspection_reports_status_idx" ON "inspection_reports" USING btree ("status","inspection_date","id");--> statement-breakpoint
CREATE INDEX "inspection_reports_lots_idx" ON "inspection_reports" USING btree ("client_id","factory_id","inspection_type_id","inspection_date");--> statement-breakpoint
CREATE INDEX "inspection_reports_date_sort_idx" ON "inspection_reports" USING btree ("inspection_date","id");--> statement-breakpoint
CREATE INDEX "inspection_reports_no_sort_idx" ON "inspection_reports" USING btree ("report_no","id");--> statement-breakpoint
CREATE INDEX "test_orders_inspection_report_idx" ON "test_orders" USING btree ("inspection_report_id");