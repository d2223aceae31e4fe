DROP INDEX `products_seller`;--> statement-breakpoint
CREATE INDEX `products_seller_shelf` ON `products` (`seller_id`,`removed_at`,`created_at`,`id`);