CREATE TABLE `trash_clock` (
	`id` integer PRIMARY KEY NOT NULL,
	`read_at` text NOT NULL,
	CONSTRAINT "trash_clock_one_row" CHECK("trash_clock"."id" = 1)
);
