CREATE TABLE "catalogue_versions" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	"courses" bigint DEFAULT 0 NOT NULL
);
