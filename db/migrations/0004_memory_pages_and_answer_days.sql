CREATE INDEX `memories_visible_newest` ON `memories` (`created_at`,`id`) WHERE "memories"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `answers_created` ON `answers` (`created_at`);