CREATE TABLE `known_clients` (
	`client` text PRIMARY KEY NOT NULL,
	`last_sign_in_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_client` ON `login_failures` (`client`,`failed_at`);--> statement-breakpoint
CREATE INDEX `login_failures_failed_at` ON `login_failures` (`failed_at`);