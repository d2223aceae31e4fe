CREATE TABLE `later_letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_user_id` integer NOT NULL,
	`to_user_id` integer NOT NULL,
	`text` text NOT NULL,
	`opening_kind` text NOT NULL,
	`opens_on` text,
	`opens_time` text,
	`moment` text,
	`opens_at` text,
	`opened_at` text,
	`announced_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "later_letters_text_length" CHECK(length("later_letters"."text") BETWEEN 1 AND 4000),
	CONSTRAINT "later_letters_not_to_self" CHECK("later_letters"."from_user_id" <> "later_letters"."to_user_id"),
	CONSTRAINT "later_letters_opening" CHECK(("later_letters"."opening_kind" = 'openWhen' AND "later_letters"."moment" IS NOT NULL AND "later_letters"."opens_at" IS NULL) OR ("later_letters"."opening_kind" <> 'openWhen' AND "later_letters"."moment" IS NULL AND "later_letters"."opens_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `later_letters_to` ON `later_letters` (`to_user_id`,`id`);--> statement-breakpoint
CREATE INDEX `later_letters_from` ON `later_letters` (`from_user_id`,`id`);--> statement-breakpoint
CREATE INDEX `later_letters_due` ON `later_letters` (`opens_at`) WHERE "later_letters"."announced_at" IS NULL AND "later_letters"."opens_at" IS NOT NULL;