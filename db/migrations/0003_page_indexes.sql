CREATE INDEX `inventory_items_owned` ON `inventory_items` (`buyer_id`,`id`);--> statement-breakpoint
CREATE INDEX `products_shelf` ON `products` (`removed_at`,`created_at`,`id`);