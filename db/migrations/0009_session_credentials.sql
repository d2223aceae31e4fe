ALTER TABLE `sessions` ADD `credential` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);