CREATE INDEX `orders_order_picture_idx` ON `orders` (`order_picture_id`);--> statement-breakpoint
CREATE INDEX `orders_refund_picture_idx` ON `orders` (`refund_picture_id`);--> statement-breakpoint
CREATE INDEX `orders_review_picture_idx` ON `orders` (`review_picture_id`);--> statement-breakpoint
CREATE INDEX `products_image_idx` ON `products` (`image_id`);--> statement-breakpoint
CREATE INDEX `products_screenshot_idx` ON `products` (`screenshot_id`);--> statement-breakpoint
CREATE INDEX `users_profile_picture_idx` ON `users` (`profile_picture_id`);