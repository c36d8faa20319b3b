DROP INDEX `orders_product_idx`;--> statement-breakpoint
CREATE INDEX `orders_product_idx` ON `orders` (`product_id`,`status_id`,`created_at`);