-- Hand-written: the 2-character grams of a text (pairs holding a space left out), for the bigram
-- GIN indexes of "name has" searches. A 2-character term (华美, PP) has no trigram to look up;
-- its one gram does.
CREATE OR REPLACE FUNCTION qc_bigrams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[])
  FROM (SELECT substr(t, i, 2) AS g FROM generate_series(1, char_length(t) - 1) AS i) grams
  WHERE position(' ' in g) = 0
$$;
--> statement-breakpoint
CREATE TABLE "client_safety_tests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_safety_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"inspection_test_id" bigint NOT NULL,
	"sample_qty" integer NOT NULL,
	"criterion" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_test_requirements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_test_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"test_item_id" bigint NOT NULL,
	"country_code" text,
	"product_types" smallint[] DEFAULT '{1,2,3}'::smallint[] NOT NULL,
	"mandatory" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"sales_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"sampling_level_id" bigint NOT NULL,
	"tension_level_id" bigint,
	"major_aql" numeric(5, 3) DEFAULT '2.5' NOT NULL,
	"minor_aql" numeric(5, 3) DEFAULT '4.0' NOT NULL,
	"advance_days" smallint DEFAULT 2 NOT NULL,
	"destination_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"inspection_requirement" text,
	"safety_requirement" text,
	"report_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"share_password" boolean DEFAULT false NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"upc" text NOT NULL,
	"name" text NOT NULL,
	"technical_name" text,
	"custom_name" text,
	"risk_level_id" bigint NOT NULL,
	"material_type_id" bigint NOT NULL,
	"supplier_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_test_files" (
	"material_test_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "material_test_files_material_test_id_file_id_pk" PRIMARY KEY("material_test_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "material_test_items" (
	"material_test_id" bigint NOT NULL,
	"test_item_id" bigint NOT NULL,
	CONSTRAINT "material_test_items_material_test_id_test_item_id_pk" PRIMARY KEY("material_test_id","test_item_id")
);
--> statement-breakpoint
CREATE TABLE "material_tests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"test_no" text NOT NULL,
	"material_id" bigint NOT NULL,
	"lab_id" bigint,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"remark" text,
	"pushed_at" timestamp with time zone,
	"push_count" integer DEFAULT 0 NOT NULL,
	"pushed_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "original_sample_materials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "original_sample_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"original_sample_part_id" bigint NOT NULL,
	"original_sample_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"percentage" numeric(5, 2),
	"colour" text,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "original_sample_parts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "original_sample_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"original_sample_id" bigint NOT NULL,
	"part_id" bigint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "original_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "original_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_no" text NOT NULL,
	"name" text NOT NULL,
	"client_id" bigint,
	"complete" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"prefix" text NOT NULL,
	"day" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "number_sequences_prefix_day_pk" PRIMARY KEY("prefix","day")
);
--> statement-breakpoint
CREATE TABLE "common_standard_norms" (
	"common_standard_id" bigint NOT NULL,
	"standard_id" bigint NOT NULL,
	CONSTRAINT "common_standard_norms_common_standard_id_standard_id_pk" PRIMARY KEY("common_standard_id","standard_id")
);
--> statement-breakpoint
CREATE TABLE "common_standard_tests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "common_standard_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"common_standard_id" bigint NOT NULL,
	"test_item_id" bigint NOT NULL,
	"mandatory" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "common_standards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "common_standards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"product_scope" text,
	"description" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_requirement_norms" (
	"country_requirement_id" bigint NOT NULL,
	"standard_id" bigint NOT NULL,
	CONSTRAINT "country_requirement_norms_country_requirement_id_standard_id_pk" PRIMARY KEY("country_requirement_id","standard_id")
);
--> statement-breakpoint
CREATE TABLE "country_requirement_tests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "country_requirement_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"country_requirement_id" bigint NOT NULL,
	"test_item_id" bigint NOT NULL,
	"mandatory" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_requirements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "country_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"country_id" bigint NOT NULL,
	"name" text NOT NULL,
	"product_scope" text,
	"description" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_safety_tests" ADD CONSTRAINT "client_safety_tests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_safety_tests" ADD CONSTRAINT "client_safety_tests_inspection_test_id_inspection_tests_id_fk" FOREIGN KEY ("inspection_test_id") REFERENCES "public"."inspection_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_test_requirements" ADD CONSTRAINT "client_test_requirements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_test_requirements" ADD CONSTRAINT "client_test_requirements_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_sales_id_users_id_fk" FOREIGN KEY ("sales_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_sampling_level_id_sampling_levels_id_fk" FOREIGN KEY ("sampling_level_id") REFERENCES "public"."sampling_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_tension_level_id_tension_levels_id_fk" FOREIGN KEY ("tension_level_id") REFERENCES "public"."tension_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_risk_level_id_risk_levels_id_fk" FOREIGN KEY ("risk_level_id") REFERENCES "public"."risk_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_material_type_id_material_types_id_fk" FOREIGN KEY ("material_type_id") REFERENCES "public"."material_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_test_files" ADD CONSTRAINT "material_test_files_material_test_id_material_tests_id_fk" FOREIGN KEY ("material_test_id") REFERENCES "public"."material_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_test_files" ADD CONSTRAINT "material_test_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_test_items" ADD CONSTRAINT "material_test_items_material_test_id_material_tests_id_fk" FOREIGN KEY ("material_test_id") REFERENCES "public"."material_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_test_items" ADD CONSTRAINT "material_test_items_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_tests" ADD CONSTRAINT "material_tests_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_tests" ADD CONSTRAINT "material_tests_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_sample_materials" ADD CONSTRAINT "original_sample_materials_original_sample_part_id_original_sample_parts_id_fk" FOREIGN KEY ("original_sample_part_id") REFERENCES "public"."original_sample_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_sample_materials" ADD CONSTRAINT "original_sample_materials_original_sample_id_original_samples_id_fk" FOREIGN KEY ("original_sample_id") REFERENCES "public"."original_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_sample_materials" ADD CONSTRAINT "original_sample_materials_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_sample_parts" ADD CONSTRAINT "original_sample_parts_original_sample_id_original_samples_id_fk" FOREIGN KEY ("original_sample_id") REFERENCES "public"."original_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_sample_parts" ADD CONSTRAINT "original_sample_parts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_samples" ADD CONSTRAINT "original_samples_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_standard_norms" ADD CONSTRAINT "common_standard_norms_common_standard_id_common_standards_id_fk" FOREIGN KEY ("common_standard_id") REFERENCES "public"."common_standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_standard_norms" ADD CONSTRAINT "common_standard_norms_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_standard_tests" ADD CONSTRAINT "common_standard_tests_common_standard_id_common_standards_id_fk" FOREIGN KEY ("common_standard_id") REFERENCES "public"."common_standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_standard_tests" ADD CONSTRAINT "common_standard_tests_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_requirement_norms" ADD CONSTRAINT "country_requirement_norms_country_requirement_id_country_requirements_id_fk" FOREIGN KEY ("country_requirement_id") REFERENCES "public"."country_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_requirement_norms" ADD CONSTRAINT "country_requirement_norms_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_requirement_tests" ADD CONSTRAINT "country_requirement_tests_country_requirement_id_country_requirements_id_fk" FOREIGN KEY ("country_requirement_id") REFERENCES "public"."country_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_requirement_tests" ADD CONSTRAINT "country_requirement_tests_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_requirements" ADD CONSTRAINT "country_requirements_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_safety_tests_uq" ON "client_safety_tests" USING btree ("client_id","inspection_test_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "client_safety_tests_test_idx" ON "client_safety_tests" USING btree ("inspection_test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_test_requirements_uq" ON "client_test_requirements" USING btree ("client_id","test_item_id",coalesce("country_code", '')) WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "client_test_requirements_item_idx" ON "client_test_requirements" USING btree ("test_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_code_uq" ON "clients" USING btree ("code") WHERE valid = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_uq" ON "clients" USING btree (lower("name")) WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_name_bigram_idx" ON "clients" USING gin (qc_bigrams(lower("name")));--> statement-breakpoint
CREATE INDEX "clients_country_idx" ON "clients" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "clients_sales_idx" ON "clients" USING btree ("sales_id");--> statement-breakpoint
CREATE INDEX "clients_department_idx" ON "clients" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_upc_uq" ON "materials" USING btree (lower("upc")) WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "materials_upc_rev_idx" ON "materials" USING btree (reverse(lower("upc")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "materials_name_trgm_idx" ON "materials" USING gin (lower("name" || ' ' || coalesce("technical_name", '') || ' ' || coalesce("custom_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "materials_name_bigram_idx" ON "materials" USING gin (qc_bigrams(lower("name" || ' ' || coalesce("technical_name", '') || ' ' || coalesce("custom_name", ''))));--> statement-breakpoint
CREATE INDEX "materials_type_idx" ON "materials" USING btree ("material_type_id");--> statement-breakpoint
CREATE INDEX "materials_risk_level_idx" ON "materials" USING btree ("risk_level_id");--> statement-breakpoint
CREATE INDEX "materials_supplier_idx" ON "materials" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "material_test_files_file_idx" ON "material_test_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "material_test_items_item_idx" ON "material_test_items" USING btree ("test_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_tests_no_uq" ON "material_tests" USING btree ("test_no");--> statement-breakpoint
CREATE INDEX "material_tests_material_idx" ON "material_tests" USING btree ("material_id","end_date");--> statement-breakpoint
CREATE INDEX "material_tests_start_idx" ON "material_tests" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "material_tests_end_idx" ON "material_tests" USING btree ("end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "original_sample_materials_uq" ON "original_sample_materials" USING btree ("original_sample_part_id","material_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "original_sample_materials_sample_idx" ON "original_sample_materials" USING btree ("original_sample_id");--> statement-breakpoint
CREATE INDEX "original_sample_materials_material_idx" ON "original_sample_materials" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "original_sample_parts_uq" ON "original_sample_parts" USING btree ("original_sample_id","part_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "original_sample_parts_part_idx" ON "original_sample_parts" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "original_samples_item_uq" ON "original_samples" USING btree (lower("item_no"),coalesce("client_id", 0)) WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "original_samples_item_rev_idx" ON "original_samples" USING btree (reverse(lower("item_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "original_samples_name_trgm_idx" ON "original_samples" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "original_samples_name_bigram_idx" ON "original_samples" USING gin (qc_bigrams(lower("name")));--> statement-breakpoint
CREATE INDEX "original_samples_client_idx" ON "original_samples" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "common_standard_norms_standard_idx" ON "common_standard_norms" USING btree ("standard_id");--> statement-breakpoint
CREATE UNIQUE INDEX "common_standard_tests_uq" ON "common_standard_tests" USING btree ("common_standard_id","test_item_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "common_standard_tests_item_idx" ON "common_standard_tests" USING btree ("test_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "common_standards_name_uq" ON "common_standards" USING btree (lower("name")) WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "common_standards_name_trgm_idx" ON "common_standards" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "common_standards_name_bigram_idx" ON "common_standards" USING gin (qc_bigrams(lower("name")));--> statement-breakpoint
CREATE INDEX "country_requirement_norms_standard_idx" ON "country_requirement_norms" USING btree ("standard_id");--> statement-breakpoint
CREATE UNIQUE INDEX "country_requirement_tests_uq" ON "country_requirement_tests" USING btree ("country_requirement_id","test_item_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "country_requirement_tests_item_idx" ON "country_requirement_tests" USING btree ("test_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "country_requirements_name_uq" ON "country_requirements" USING btree ("country_id",lower("name")) WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "country_requirements_name_trgm_idx" ON "country_requirements" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "country_requirements_name_bigram_idx" ON "country_requirements" USING gin (qc_bigrams(lower("name")));--> statement-breakpoint
ALTER TABLE "lab_cs" ADD CONSTRAINT "lab_cs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;