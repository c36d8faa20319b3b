CREATE INDEX `orders_product_updated_idx` ON `orders` (`product_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `orders_user_updated_idx` ON `orders` (`user_id`,`updated_at`);