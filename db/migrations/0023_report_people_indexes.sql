-- Issue 29: the report page of a manager with 100,000 orders. The people its filters offer are
-- found by skipping through an index (each marketer of a product, each product of a marketer)
-- instead of reading every order, and a manager's count reads their products' orders by creation
-- time.
CREATE INDEX `orders_user_product_idx` ON `orders` (`user_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `orders_product_created_idx` ON `orders` (`product_id`,`created_at`);
