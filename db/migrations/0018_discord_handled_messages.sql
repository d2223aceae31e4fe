CREATE TABLE `discord_handled_messages` (
	`channel_id` text NOT NULL,
	`message_id` text NOT NULL,
	`handled_at` text NOT NULL,
	PRIMARY KEY(`channel_id`, `message_id`)
);
