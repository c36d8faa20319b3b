CREATE TABLE `list_places` (
	`user_id` integer NOT NULL,
	`list` text NOT NULL,
	`query` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `list`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `orders_number_idx` ON `orders` (`order_number_key`);--> statement-breakpoint
CREATE INDEX `orders_commission_idx` ON `orders` (`commission`);--> statement-breakpoint
CREATE INDEX `orders_user_number_idx` ON `orders` (`user_id`,`order_number_key`);--> statement-breakpoint
CREATE INDEX `orders_user_commission_idx` ON `orders` (`user_id`,`commission`);--> statement-breakpoint
CREATE INDEX `orders_user_status_updated_idx` ON `orders` (`user_id`,`status_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `orders_product_number_idx` ON `orders` (`product_id`,`order_number_key`);--> statement-breakpoint
CREATE INDEX `orders_product_commission_idx` ON `orders` (`product_id`,`commission`);--> statement-breakpoint
CREATE INDEX `orders_product_status_updated_idx` ON `orders` (`product_id`,`status_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `orders_product_user_updated_idx` ON `orders` (`product_id`,`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `products_status_p_id_idx` ON `products` (`status`,`p_id`);--> statement-breakpoint
CREATE INDEX `products_status_owner_p_id_idx` ON `products` (`status`,`owner_id`,`p_id`);--> statement-breakpoint
CREATE INDEX `products_limit_idx` ON `products` (`sale_limit`);--> statement-breakpoint
CREATE INDEX `products_status_limit_idx` ON `products` (`status`,`sale_limit`);--> statement-breakpoint
CREATE INDEX `products_status_owner_limit_idx` ON `products` (`status`,`owner_id`,`sale_limit`);--> statement-breakpoint
CREATE INDEX `products_commission_idx` ON `products` (`commission`);--> statement-breakpoint
CREATE INDEX `products_status_commission_idx` ON `products` (`status`,`commission`);--> statement-breakpoint
CREATE INDEX `products_status_owner_commission_idx` ON `products` (`status`,`owner_id`,`commission`);--> statement-breakpoint
CREATE INDEX `users_name_idx` ON `users` (`name`);--> statement-breakpoint
CREATE INDEX `users_role_name_idx` ON `users` (`role`,`deleted_at`,`name`);