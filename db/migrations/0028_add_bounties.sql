CREATE TABLE `bounties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`poster_id` integer NOT NULL,
	`doer_id` integer,
	`title` text NOT NULL,
	`reward` integer NOT NULL,
	`status` text NOT NULL,
	`due_day` text,
	`due_at` text,
	`done_note` text,
	`sent_back_reason` text,
	`created_at` text NOT NULL,
	`claimed_at` text,
	`done_at` text,
	`settled_at` text,
	`escrow_transfer_id` integer,
	`settle_transfer_id` integer,
	FOREIGN KEY (`poster_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`doer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`escrow_transfer_id`) REFERENCES `transfers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`settle_transfer_id`) REFERENCES `transfers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bounties_title_length" CHECK(length("bounties"."title") BETWEEN 1 AND 100),
	CONSTRAINT "bounties_reward_range" CHECK("bounties"."reward" BETWEEN 1 AND 9999),
	CONSTRAINT "bounties_not_to_self" CHECK("bounties"."doer_id" IS NULL OR "bounties"."doer_id" <> "bounties"."poster_id"),
	CONSTRAINT "bounties_claimed" CHECK(("bounties"."status" = 'open') = ("bounties"."doer_id" IS NULL) OR "bounties"."status" = 'refunded'),
	CONSTRAINT "bounties_done_note" CHECK("bounties"."status" NOT IN ('done', 'approved') OR "bounties"."done_note" IS NOT NULL),
	CONSTRAINT "bounties_settled" CHECK(("bounties"."status" IN ('approved', 'refunded')) = ("bounties"."settled_at" IS NOT NULL AND "bounties"."settle_transfer_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bounties_escrow_transfer_id_unique` ON `bounties` (`escrow_transfer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bounties_settle_transfer_id_unique` ON `bounties` (`settle_transfer_id`);--> statement-breakpoint
CREATE INDEX `bounties_by_status` ON `bounties` (`status`,`due_at`,`id`);--> statement-breakpoint
CREATE INDEX `bounties_by_settled` ON `bounties` (`settled_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_bounty_posted_once` ON `transfers` (`reference`) WHERE "transfers"."kind" = 'bounty';--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_bounty_settled_once` ON `transfers` (`reference`) WHERE "transfers"."kind" IN ('bounty_payout', 'bounty_refund');