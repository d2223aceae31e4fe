CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`route` text NOT NULL,
	`status_code` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`delivered_at` text
);
--> statement-breakpoint
CREATE INDEX `outbox_pending` ON `outbox` (`delivered_at`,`id`);--> statement-breakpoint
CREATE TABLE `accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`user_id` integer,
	`balance` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "accounts_never_negative" CHECK("accounts"."balance" >= 0 OR "accounts"."kind" = 'mint'),
	CONSTRAINT "accounts_user_link" CHECK(("accounts"."kind" = 'user') = ("accounts"."user_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_name_unique` ON `accounts` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_user_id_unique` ON `accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`debit_account_id` integer NOT NULL,
	`credit_account_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`kind` text NOT NULL,
	`reference` text NOT NULL,
	`memo` text NOT NULL,
	`debit_balance_after` integer NOT NULL,
	`credit_balance_after` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`debit_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "transfers_amount_positive" CHECK("transfers"."amount" > 0),
	CONSTRAINT "transfers_two_accounts" CHECK("transfers"."debit_account_id" <> "transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE INDEX `transfers_debit` ON `transfers` (`debit_account_id`,`id`);--> statement-breakpoint
CREATE INDEX `transfers_credit` ON `transfers` (`credit_account_id`,`id`);--> statement-breakpoint
CREATE INDEX `transfers_kind_reference` ON `transfers` (`kind`,`reference`);--> statement-breakpoint
CREATE TABLE `inventory_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`buyer_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`price` integer NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "inventory_items_quantity" CHECK("inventory_items"."quantity" >= 0),
	CONSTRAINT "inventory_items_price_range" CHECK("inventory_items"."price" BETWEEN 0 AND 9999)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inventory_items_snapshot` ON `inventory_items` (`buyer_id`,`product_id`,`price`,`name`,`description`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seller_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`price` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`removed_at` text,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "products_name_length" CHECK(length("products"."name") BETWEEN 1 AND 60),
	CONSTRAINT "products_description_length" CHECK(length("products"."description") BETWEEN 1 AND 300),
	CONSTRAINT "products_quantity_range" CHECK("products"."quantity" BETWEEN 0 AND 10),
	CONSTRAINT "products_price_range" CHECK("products"."price" BETWEEN 0 AND 9999)
);
--> statement-breakpoint
CREATE INDEX `products_seller` ON `products` (`seller_id`);--> statement-breakpoint
CREATE TABLE `purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inventory_item_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`price` integer NOT NULL,
	`transfer_id` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`inventory_item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transfer_id`) REFERENCES `transfers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inventory_item_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`price` integer NOT NULL,
	`redeemed_at` text NOT NULL,
	`confirmed_at` text,
	`confirm_transfer_id` integer,
	FOREIGN KEY (`inventory_item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`confirm_transfer_id`) REFERENCES `transfers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `redemptions_buyer` ON `redemptions` (`buyer_id`,`redeemed_at`);--> statement-breakpoint
CREATE TABLE `memories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`message` text NOT NULL,
	`discord_message_id` text,
	`created_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memories_discord_message_id_unique` ON `memories` (`discord_message_id`);--> statement-breakpoint
CREATE INDEX `memories_created` ON `memories` (`created_at`);--> statement-breakpoint
CREATE TABLE `login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`client` text NOT NULL,
	`failed_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_lookup` ON `login_failures` (`username`,`client`,`failed_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_at` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`display_name` text NOT NULL,
	`response_name` text NOT NULL,
	`discord_id` text NOT NULL,
	`time_zone` text NOT NULL,
	`city` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_response_name_unique` ON `users` (`response_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_discord_id_unique` ON `users` (`discord_id`);--> statement-breakpoint
CREATE TABLE `workouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`distance_hundredths` integer,
	`distance_unit` text NOT NULL,
	`calories` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "workouts_duration_range" CHECK("workouts"."duration_minutes" BETWEEN 1 AND 1440),
	CONSTRAINT "workouts_distance_range" CHECK("workouts"."distance_hundredths" IS NULL OR "workouts"."distance_hundredths" BETWEEN 0 AND 100000),
	CONSTRAINT "workouts_calories_range" CHECK("workouts"."calories" BETWEEN 0 AND 20000),
	CONSTRAINT "workouts_distance_unit" CHECK("workouts"."distance_unit" IN ('km', 'miles'))
);
--> statement-breakpoint
CREATE INDEX `workouts_user_created` ON `workouts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`response` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "answers_response_length" CHECK(length("answers"."response") BETWEEN 1 AND 300)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answers_one_per_user` ON `answers` (`question_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `question_bank` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`text` text NOT NULL,
	`source` text NOT NULL,
	`added_by_user_id` integer,
	FOREIGN KEY (`added_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `question_bank_text_unique` ON `question_bank` (`text`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bank_id` integer,
	`text` text NOT NULL,
	`asked_at` text NOT NULL,
	`discord_message_id` text,
	`revealed_at` text,
	FOREIGN KEY (`bank_id`) REFERENCES `question_bank`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `questions_asked` ON `questions` (`asked_at`);