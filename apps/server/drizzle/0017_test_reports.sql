CREATE TABLE "test_report_files" (
	"test_report_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "test_report_files_test_report_id_file_id_pk" PRIMARY KEY("test_report_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "test_report_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_report_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"test_report_id" bigint NOT NULL,
	"order_product_id" bigint NOT NULL,
	"test_item_id" bigint NOT NULL,
	"order_risk_item_id" bigint,
	"result" smallint DEFAULT 0 NOT NULL,
	"value" text,
	"limit" text,
	"remark" text,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_report_products" (
	"test_report_id" bigint NOT NULL,
	"order_product_id" bigint NOT NULL,
	CONSTRAINT "test_report_products_test_report_id_order_product_id_pk" PRIMARY KEY("test_report_id","order_product_id")
);
--> statement-breakpoint
CREATE TABLE "test_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_no" text,
	"report_type" smallint NOT NULL,
	"lab_id" bigint NOT NULL,
	"test_type_id" bigint NOT NULL,
	"test_order_id" bigint,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"description" text,
	"report_date" date,
	"valid_until" date,
	"result" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"previous_report_id" bigint,
	"retest_no" integer DEFAULT 0 NOT NULL,
	"retest_from_status" smallint,
	"reason" text,
	"result_by" bigint,
	"result_at" timestamp with time zone,
	"verified_by" bigint,
	"published_at" timestamp with time zone,
	"list_date" date NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_report_files" ADD CONSTRAINT "test_report_files_test_report_id_test_reports_id_fk" FOREIGN KEY ("test_report_id") REFERENCES "public"."test_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_report_files" ADD CONSTRAINT "test_report_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_report_items" ADD CONSTRAINT "test_report_items_test_report_id_test_reports_id_fk" FOREIGN KEY ("test_report_id") REFERENCES "public"."test_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_report_items" ADD CONSTRAINT "test_report_items_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_report_items" ADD CONSTRAINT "test_report_items_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_report_items" ADD CONSTRAINT "test_report_items_order_risk_item_id_order_risk_items_id_fk" FOREIGN KEY ("order_risk_item_id") REFERENCES "public"."order_risk_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_report_products" ADD CONSTRAINT "test_report_products_test_report_id_test_reports_id_fk" FOREIGN KEY ("test_report_id") REFERENCES "public"."test_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_report_products" ADD CONSTRAINT "test_report_products_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_test_order_id_test_orders_id_fk" FOREIGN KEY ("test_order_id") REFERENCES "public"."test_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_previous_report_id_test_reports_id_fk" FOREIGN KEY ("previous_report_id") REFERENCES "public"."test_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_result_by_users_id_fk" FOREIGN KEY ("result_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_report_files_file_idx" ON "test_report_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_report_items_uq" ON "test_report_items" USING btree ("test_report_id","order_product_id","test_item_id");--> statement-breakpoint
CREATE INDEX "test_report_items_product_idx" ON "test_report_items" USING btree ("order_product_id");--> statement-breakpoint
CREATE INDEX "test_report_items_test_item_idx" ON "test_report_items" USING btree ("test_item_id");--> statement-breakpoint
CREATE INDEX "test_report_items_risk_item_idx" ON "test_report_items" USING btree ("order_risk_item_id");--> statement-breakpoint
CREATE INDEX "test_report_products_product_idx" ON "test_report_products" USING btree ("order_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_reports_lab_no_uq" ON "test_reports" USING btree ("lab_id","report_no") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "test_reports_no_trgm_idx" ON "test_reports" USING gin (lower("report_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "test_reports_no_bigram_idx" ON "test_reports" USING gin (qc_bigrams(lower("report_no")));--> statement-breakpoint
CREATE INDEX "test_reports_desc_trgm_idx" ON "test_reports" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "test_reports_lab_idx" ON "test_reports" USING btree ("lab_id","id");--> statement-breakpoint
CREATE INDEX "test_reports_test_type_idx" ON "test_reports" USING btree ("test_type_id");--> statement-breakpoint
CREATE INDEX "test_reports_test_order_idx" ON "test_reports" USING btree ("test_order_id");--> statement-breakpoint
CREATE INDEX "test_reports_client_idx" ON "test_reports" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "test_reports_department_idx" ON "test_reports" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "test_reports_previous_idx" ON "test_reports" USING btree ("previous_report_id");--> statement-breakpoint
CREATE INDEX "test_reports_status_idx" ON "test_reports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "test_reports_result_idx" ON "test_reports" USING btree ("result","id");--> statement-breakpoint
CREATE INDEX "test_reports_result_by_idx" ON "test_reports" USING btree ("result_by");--> statement-breakpoint
CREATE INDEX "test_reports_verified_by_idx" ON "test_reports" USING btree ("verified_by");--> statement-breakpoint
CREATE INDEX "test_reports_no_sort_idx" ON "test_reports" USING btree ("report_no","id");--> statement-breakpoint
CREATE INDEX "test_reports_date_sort_idx" ON "test_reports" USING btree ("list_date","id");--> statement-breakpoint
ALTER TABLE "order_risk_items" ADD CONSTRAINT "order_risk_items_test_report_id_test_reports_id_fk" FOREIGN KEY ("test_report_id") REFERENCES "public"."test_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_risk_items_report_idx" ON "order_risk_items" USING btree ("test_report_id");