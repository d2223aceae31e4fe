ALTER TABLE `purchases` ADD `expiry_noticed_by_buyer_at` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `expiry_noticed_by_seller_at` text;--> statement-breakpoint
CREATE INDEX `purchases_expired` ON `purchases` (`expired_at`) WHERE "purchases"."expired_at" IS NOT NULL;