CREATE TABLE `discord_cursors` (
	`channel_id` text PRIMARY KEY NOT NULL,
	`last_message_id` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `media_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`memory_id` integer NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`content_type` text,
	`size` integer NOT NULL,
	`created_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text,
	`done_at` text,
	`gave_up_at` text,
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `media_outbox_pending` ON `media_outbox` (`done_at`,`gave_up_at`,`id`);