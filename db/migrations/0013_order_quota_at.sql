-- The moment an order's unit was taken (its reservation's creation); the daily quota counts by it.
-- SQLite adds a NOT NULL column only with a constant default: 0, then every row gets its creation.
DROP INDEX `orders_product_idx`;--> statement-breakpoint
ALTER TABLE `orders` ADD `quota_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `orders` SET `quota_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `orders_product_idx` ON `orders` (`product_id`,`status_id`,`quota_at`);
