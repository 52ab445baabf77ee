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
ALTER TABLE "orders" ADD COLUMN "shipping_id" bigint;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shippings" ADD CONSTRAINT "shippings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shippings" ADD CONSTRAINT "shippings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shippings" ADD CONSTRAINT "shippings_destination_country_id_countries_id_fk" FOREIGN KEY ("destination_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_files_contract_idx" ON "contract_files" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_files_file_uq" ON "contract_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_order_uq" ON "contracts" USING btree ("order_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "contracts_contract_no_idx" ON "contracts" USING btree (lower("contract_no"));--> statement-breakpoint
CREATE UNIQUE INDEX "shippings_shipping_no_uq" ON "shippings" USING btree ("shipping_no") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "shippings_shipping_no_rev_idx" ON "shippings" USING btree (reverse(lower("shipping_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shippings_client_idx" ON "shippings" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "shippings_vehicle_idx" ON "shippings" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "shippings_country_idx" ON "shippings" USING btree ("destination_country_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_id_shippings_id_fk" FOREIGN KEY ("shipping_id") REFERENCES "public"."shippings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shipping_idx" ON "orders" USING btree ("shipping_id");