CREATE TABLE `partner_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`color_scheme` text DEFAULT 'auto' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "partner_settings_color_scheme" CHECK("partner_settings"."color_scheme" IN ('auto', 'light', 'dark'))
);
