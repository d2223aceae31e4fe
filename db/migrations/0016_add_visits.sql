CREATE TABLE `visit_milestones` (
	`visit_id` integer NOT NULL,
	`days` integer NOT NULL,
	`enqueued_at` text NOT NULL,
	PRIMARY KEY(`visit_id`, `days`),
	FOREIGN KEY (`visit_id`) REFERENCES `visits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`place` text,
	`note` text,
	`planned_by_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`planned_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "visits_dates" CHECK("visits"."end_date" >= "visits"."start_date"),
	CONSTRAINT "visits_place_length" CHECK("visits"."place" IS NULL OR length("visits"."place") BETWEEN 1 AND 80),
	CONSTRAINT "visits_note_length" CHECK("visits"."note" IS NULL OR length("visits"."note") BETWEEN 1 AND 300)
);
--> statement-breakpoint
CREATE INDEX `visits_by_date` ON `visits` (`start_date`,`end_date`);--> statement-breakpoint
ALTER TABLE `products` ADD `in_person` integer DEFAULT false NOT NULL;