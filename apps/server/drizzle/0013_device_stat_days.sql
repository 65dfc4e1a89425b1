CREATE TABLE "device_stat_days" (
	"scope_key" varchar(48) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"state" varchar(16) NOT NULL,
	"seconds" double precision NOT NULL,
	CONSTRAINT "device_stat_days_scope_key_time_zone_day_state_pk" PRIMARY KEY("scope_key","time_zone","day","state")
);
