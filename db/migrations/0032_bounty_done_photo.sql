ALTER TABLE `bounties` ADD `done_photo_file` text;--> statement-breakpoint
ALTER TABLE `bounties` ADD `done_photo_type` text;