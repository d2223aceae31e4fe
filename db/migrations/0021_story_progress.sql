CREATE TABLE `story_progress` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`progress` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
