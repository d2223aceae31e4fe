CREATE TABLE `partner_days` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`sleep_from` text NOT NULL,
	`sleep_to` text NOT NULL,
	`work_from` text,
	`work_to` text,
	`work_days` text,
	`quiet_hours` text DEFAULT 'silent' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "partner_days_quiet_hours" CHECK("partner_days"."quiet_hours" IN ('silent', 'digest')),
	CONSTRAINT "partner_days_work_all_or_none" CHECK(("partner_days"."work_from" IS NULL) = ("partner_days"."work_to" IS NULL) AND ("partner_days"."work_from" IS NULL) = ("partner_days"."work_days" IS NULL))
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `recipient_user_id` integer REFERENCES users(id);