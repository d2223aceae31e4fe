CREATE TABLE `guesses` (
	`question_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`guess` text NOT NULL,
	`created_at` text NOT NULL,
	`rating` text,
	`rated_at` text,
	PRIMARY KEY(`question_id`, `user_id`),
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "guesses_guess_length" CHECK(length("guesses"."guess") BETWEEN 1 AND 300),
	CONSTRAINT "guesses_rating" CHECK("guesses"."rating" IS NULL OR "guesses"."rating" IN ('nailed', 'close', 'not_quite')),
	CONSTRAINT "guesses_rated_together" CHECK(("guesses"."rating" IS NULL) = ("guesses"."rated_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_guess_once` ON `transfers` (`reference`) WHERE "transfers"."kind" = 'guess';