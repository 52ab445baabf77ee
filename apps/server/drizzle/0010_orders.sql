CREATE TABLE "contract_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"contract_no" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"replace" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"product_no" text NOT NULL,
	"line" integer NOT NULL,
	"sku" text,
	"item_no" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"factory_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_unit" smallint DEFAULT 1 NOT NULL,
	"delivery_date" date NOT NULL,
	"product_type" smallint DEFAULT 1 NOT NULL,
	"original_sample_id" bigint,
	"qc_id" bigint,
	"order_no" text NOT NULL,
	"client_po" text,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"sales_id" bigint,
	"order_valid" smallint DEFAULT 1 NOT NULL,
	"removed_upstream" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"client_po" text,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"sales_id" bigint,
	"description" text,
	"inspection_requirement" text,
	"test_requirement" text,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipping_id" bigint,
	"total" integer DEFAULT 0 NOT NULL,
	"delivery_date" date,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shippings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shippings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipping_no" text NOT NULL,
	"client_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"etd" date NOT NULL,
	"eta" date,
	"loading_port" text,
	"destination_country_id" bigint,
	"container_type" text,
	"container_no" text,
	"seal_no" text,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_original_sample_id_original_samples_id_fk" FOREIGN KEY ("original_sample_id") REFERENCES "public"."original_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_qc_id_users_id_fk" FOREIGN KEY ("qc_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_sales_id_users_id_fk" FOREIGN KEY ("sales_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sales_id_users_id_fk" FOREIGN KEY ("sales_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_id_shippings_id_fk" FOREIGN KEY ("shipping_id") REFERENCES "public"."shippings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shippings" ADD CONSTRAINT "shippings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shippings" ADD CONSTRAINT "shippings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shippings" ADD CONSTRAINT "shippings_destination_country_id_countries_id_fk" FOREIGN KEY ("destination_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_files_contract_idx" ON "contract_files" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_files_file_uq" ON "contract_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_order_uq" ON "contracts" USING btree ("order_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "contracts_contract_no_idx" ON "contracts" USING btree (lower("contract_no"));--> statement-breakpoint
CREATE INDEX "order_imports_creator_idx" ON "order_imports" USING btree ("created_by","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_products_product_no_uq" ON "order_products" USING btree (lower("product_no")) WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "order_products_order_idx" ON "order_products" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_products_product_no_trgm_idx" ON "order_products" USING gin (lower("product_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_products_product_no_bigram_idx" ON "order_products" USING gin (qc_bigrams(lower("product_no")));--> statement-breakpoint
CREATE INDEX "order_products_sku_trgm_idx" ON "order_products" USING gin (lower("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_products_sku_bigram_idx" ON "order_products" USING gin (qc_bigrams(lower("sku")));--> statement-breakpoint
CREATE INDEX "order_products_order_no_rev_idx" ON "order_products" USING btree (reverse(lower("order_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "order_products_po_rev_idx" ON "order_products" USING btree (reverse(lower("client_po")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "order_products_item_no_rev_idx" ON "order_products" USING btree (reverse(lower("item_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "order_products_client_idx" ON "order_products" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "order_products_department_idx" ON "order_products" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "order_products_factory_idx" ON "order_products" USING btree ("factory_id","id");--> statement-breakpoint
CREATE INDEX "order_products_qc_idx" ON "order_products" USING btree ("qc_id","delivery_date");--> statement-breakpoint
CREATE INDEX "order_products_sales_idx" ON "order_products" USING btree ("sales_id","delivery_date");--> statement-breakpoint
CREATE INDEX "order_products_sample_idx" ON "order_products" USING btree ("original_sample_id");--> statement-breakpoint
CREATE INDEX "order_products_delivery_idx" ON "order_products" USING btree ("delivery_date","id");--> statement-breakpoint
CREATE INDEX "order_products_order_no_idx" ON "order_products" USING btree ("order_no","id");--> statement-breakpoint
CREATE INDEX "order_products_po_idx" ON "order_products" USING btree ("client_po","id");--> statement-breakpoint
CREATE INDEX "order_products_created_idx" ON "order_products" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree (lower("order_no")) WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "orders_order_no_rev_idx" ON "orders" USING btree (reverse(lower("order_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_po_rev_idx" ON "orders" USING btree (reverse(lower("client_po")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "orders_department_idx" ON "orders" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "orders_shipping_idx" ON "orders" USING btree ("shipping_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shippings_shipping_no_uq" ON "shippings" USING btree ("shipping_no") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "shippings_shipping_no_rev_idx" ON "shippings" USING btree (reverse(lower("shipping_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shippings_client_idx" ON "shippings" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "shippings_vehicle_idx" ON "shippings" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "shippings_country_idx" ON "shippings" USING btree ("destination_country_id");--> statement-breakpoint
-- Hand-written: product tracks written before order products existed point at no product; the
-- foreign key below cannot hold them, and no screen could reach them.
DELETE FROM "product_tracks" WHERE "order_product_id" NOT IN (SELECT "id" FROM "order_products");--> statement-breakpoint
ALTER TABLE "product_tracks" ADD CONSTRAINT "product_tracks_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "factories_search_trgm_idx" ON "factories" USING gin (lower("code" || ' ' || coalesce("name_zh", '') || ' ' || coalesce("name_en", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factories_search_bigram_idx" ON "factories" USING gin (qc_bigrams(lower("code" || ' ' || coalesce("name_zh", '') || ' ' || coalesce("name_en", ''))));