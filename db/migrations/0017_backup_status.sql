CREATE TABLE `backup_status` (
	`id` integer PRIMARY KEY NOT NULL,
	`last_kept_at` text,
	`last_tried_at` text,
	`failing_since` text,
	`failure` text,
	`broken_rules` text,
	`alerted_at` text,
	CONSTRAINT "backup_status_one_row" CHECK("backup_status"."id" = 1)
);
