CREATE TABLE `streak_milestones` (
	`days` integer NOT NULL,
	`first_question_id` integer NOT NULL,
	`enqueued_at` text NOT NULL,
	PRIMARY KEY(`days`, `first_question_id`),
	FOREIGN KEY (`first_question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
