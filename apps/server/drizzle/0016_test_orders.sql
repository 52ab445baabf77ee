CREATE TABLE "test_order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"test_order_id" bigint NOT NULL,
	"order_product_id" bigint NOT NULL,
	"test_item_id" bigint NOT NULL,
	"price" numeric(14, 2),
	"order_risk_item_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"test_order_no" text NOT NULL,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"lab_id" bigint NOT NULL,
	"lab_contact_id" bigint,
	"test_type_id" bigint NOT NULL,
	"apply_type" smallint NOT NULL,
	"plan_time" date NOT NULL,
	"receive_time" date,
	"hope_time" date,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'RMB' NOT NULL,
	"retest" boolean DEFAULT false NOT NULL,
	"previous_report_id" bigint,
	"paid" boolean DEFAULT false NOT NULL,
	"sample_provided" smallint DEFAULT 0 NOT NULL,
	"quotation" text,
	"quotation_file_id" bigint,
	"invoice" text,
	"invoice_file_id" bigint,
	"result" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_order_items" ADD CONSTRAINT "test_order_items_test_order_id_test_orders_id_fk" FOREIGN KEY ("test_order_id") REFERENCES "public"."test_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_order_items" ADD CONSTRAINT "test_order_items_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_order_items" ADD CONSTRAINT "test_order_items_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_order_items" ADD CONSTRAINT "test_order_items_order_risk_item_id_order_risk_items_id_fk" FOREIGN KEY ("order_risk_item_id") REFERENCES "public"."order_risk_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_lab_contact_id_lab_contacts_id_fk" FOREIGN KEY ("lab_contact_id") REFERENCES "public"."lab_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_test_type_id_test_types_id_fk" FOREIGN KEY ("test_type_id") REFERENCES "public"."test_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_quotation_file_id_files_id_fk" FOREIGN KEY ("quotation_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_orders" ADD CONSTRAINT "test_orders_invoice_file_id_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_order_items_uq" ON "test_order_items" USING btree ("test_order_id","order_product_id","test_item_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "test_order_items_product_idx" ON "test_order_items" USING btree ("order_product_id");--> statement-breakpoint
CREATE INDEX "test_order_items_test_item_idx" ON "test_order_items" USING btree ("test_item_id");--> statement-breakpoint
CREATE INDEX "test_order_items_risk_item_idx" ON "test_order_items" USING btree ("order_risk_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_orders_no_uq" ON "test_orders" USING btree ("test_order_no");--> statement-breakpoint
CREATE INDEX "test_orders_client_idx" ON "test_orders" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "test_orders_department_idx" ON "test_orders" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "test_orders_lab_idx" ON "test_orders" USING btree ("lab_id");--> statement-breakpoint
CREATE INDEX "test_orders_lab_contact_idx" ON "test_orders" USING btree ("lab_contact_id");--> statement-breakpoint
CREATE INDEX "test_orders_test_type_idx" ON "test_orders" USING btree ("test_type_id");--> statement-breakpoint
CREATE INDEX "test_orders_status_idx" ON "test_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "test_orders_result_idx" ON "test_orders" USING btree ("result","id");--> statement-breakpoint
CREATE INDEX "test_orders_previous_report_idx" ON "test_orders" USING btree ("previous_report_id");--> statement-breakpoint
CREATE INDEX "test_orders_quotation_file_idx" ON "test_orders" USING btree ("quotation_file_id");--> statement-breakpoint
CREATE INDEX "test_orders_invoice_file_idx" ON "test_orders" USING btree ("invoice_file_id");--> statement-breakpoint
CREATE INDEX "test_orders_plan_sort_idx" ON "test_orders" USING btree ("plan_time","id");--> statement-breakpoint
CREATE INDEX "test_orders_no_sort_idx" ON "test_orders" USING btree ("test_order_no","id");