ALTER TABLE `question_bank` ADD `tags` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `question_bank` ADD `season` text;--> statement-breakpoint
ALTER TABLE `question_bank` ADD `retired_at` text;--> statement-breakpoint
CREATE INDEX `questions_bank` ON `questions` (`bank_id`);