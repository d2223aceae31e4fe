CREATE TABLE `memory_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`memory_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memory_images_file_name_unique` ON `memory_images` (`file_name`);--> statement-breakpoint
CREATE INDEX `memory_images_memory` ON `memory_images` (`memory_id`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `next_attempt_at` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `discord_message_id` text;--> statement-breakpoint
ALTER TABLE `memories` ADD `discord_url` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `daily_for` text;--> statement-breakpoint
CREATE UNIQUE INDEX `questions_daily_for_unique` ON `questions` (`daily_for`);--> statement-breakpoint
CREATE INDEX `questions_discord_message` ON `questions` (`discord_message_id`);