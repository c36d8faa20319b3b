ALTER TABLE `login_failures` ADD `client` text;--> statement-breakpoint
CREATE INDEX `login_failures_client_idx` ON `login_failures` (`client`,`created_at`);