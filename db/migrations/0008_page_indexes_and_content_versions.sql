CREATE TABLE `content_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`synced_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `inventory_items_owned` ON `inventory_items` (`buyer_id`,`id`);--> statement-breakpoint
CREATE INDEX `products_shelf` ON `products` (`removed_at`,`created_at`,`id`);