CREATE TABLE `content_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`synced_at` text NOT NULL
);
