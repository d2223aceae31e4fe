DROP INDEX `transfers_created`;--> statement-breakpoint
CREATE INDEX `transfers_created` ON `transfers` (`created_at`,`kind`,`credit_account_id`,`debit_account_id`,`amount`);