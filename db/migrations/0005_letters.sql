CREATE TABLE `letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_user_id` integer NOT NULL,
	`to_user_id` integer NOT NULL,
	`text` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "letters_text_length" CHECK(length("letters"."text") BETWEEN 1 AND 4000),
	CONSTRAINT "letters_not_to_self" CHECK("letters"."from_user_id" <> "letters"."to_user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `letters_from_user_id_unique` ON `letters` (`from_user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `letters_to_user_id_unique` ON `letters` (`to_user_id`);