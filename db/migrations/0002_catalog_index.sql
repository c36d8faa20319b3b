DROP INDEX `products_status_idx`;--> statement-breakpoint
CREATE INDEX `products_status_idx` ON `products` (`status`,`id`,`marketing_end_date`);