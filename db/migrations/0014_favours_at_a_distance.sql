DROP INDEX `redemptions_seller_open`;--> statement-breakpoint
ALTER TABLE `redemptions` ADD `note` text;--> statement-breakpoint
ALTER TABLE `redemptions` ADD `wished_at` text;--> statement-breakpoint
ALTER TABLE `redemptions` ADD `declined_at` text;--> statement-breakpoint
ALTER TABLE `redemptions` ADD `decline_reason` text;--> statement-breakpoint
ALTER TABLE `redemptions` ADD `decline_transfer_id` integer REFERENCES transfers(id);--> statement-breakpoint
CREATE INDEX `redemptions_seller_open` ON `redemptions` (`seller_id`,`redeemed_at`) WHERE "redemptions"."confirmed_at" IS NULL AND "redemptions"."declined_at" IS NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `use_within_days` integer;--> statement-breakpoint
ALTER TABLE `purchases` ADD `use_by` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `remind_from` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `reminded_at` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `redemption_id` integer REFERENCES redemptions(id);--> statement-breakpoint
ALTER TABLE `purchases` ADD `expired_at` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `refund_transfer_id` integer REFERENCES transfers(id);--> statement-breakpoint
CREATE INDEX `purchases_item_open` ON `purchases` (`inventory_item_id`,`use_by`) WHERE "purchases"."redemption_id" IS NULL AND "purchases"."expired_at" IS NULL;--> statement-breakpoint
CREATE INDEX `purchases_deadlines` ON `purchases` (`use_by`) WHERE "purchases"."use_by" IS NOT NULL AND "purchases"."redemption_id" IS NULL AND "purchases"."expired_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_refund_once` ON `transfers` (`reference`) WHERE "transfers"."kind" = 'refund';