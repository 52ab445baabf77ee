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
ALTER TABLE "photo_evidence" ADD CONSTRAINT "photo_evidence_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_evidence_band0_idx" ON "photo_evidence" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "photo_evidence_band1_idx" ON "photo_evidence" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "photo_evidence_band2_idx" ON "photo_evidence" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "photo_evidence_band3_idx" ON "photo_evidence" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "photo_evidence_band4_idx" ON "photo_evidence" USING btree ("band4");--> statement-breakpoint
CREATE INDEX "photo_evidence_band5_idx" ON "photo_evidence" USING btree ("band5");--> statement-breakpoint
CREATE INDEX "photo_evidence_band6_idx" ON "photo_evidence" USING btree ("band6");