CREATE TABLE `nudges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_user_id` integer NOT NULL,
	`to_user_id` integer NOT NULL,
	`line` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "nudges_line_length" CHECK("nudges"."line" IS NULL OR length("nudges"."line") BETWEEN 1 AND 140),
	CONSTRAINT "nudges_not_to_self" CHECK("nudges"."from_user_id" <> "nudges"."to_user_id")
);
--> statement-breakpoint
CREATE INDEX `nudges_from_by_time` ON `nudges` (`from_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `nudges_to_by_time` ON `nudges` (`to_user_id`,`created_at`);