-- Issue 29: the report page of a manager with 100,000 orders. The people its filters offer are
-- found by skipping through an index (each marketer of a product, each product of a marketer)
-- instead of reading every order; its count and its charts' aggregate (issue 31) read indexes
-- that hold all they need: a manager's orders by product, a marketer's, anyone's, each by
-- creation time with the status and the commission.
CREATE INDEX `orders_user_product_idx` ON `orders` (`user_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `orders_product_chart_idx` ON `orders` (`product_id`,`created_at`,`status_id`,`commission`);--> statement-breakpoint
CREATE INDEX `orders_user_chart_idx` ON `orders` (`user_id`,`created_at`,`status_id`,`commission`);--> statement-breakpoint
CREATE INDEX `orders_chart_idx` ON `orders` (`created_at`,`status_id`,`commission`);
--> statement-breakpoint
-- The catalog a pm sees (published, marketing not ended) sorted by a column: its indexes also hold
-- the id and the marketing end date, so a deep page walks the index alone (before, each product it
-- passed was read for its date: 140 ms for the middle page at 100,000 products).
DROP INDEX `products_status_p_id_idx`;--> statement-breakpoint
CREATE INDEX `products_status_p_id_idx` ON `products` (`status`,`p_id`,`id`,`marketing_end_date`);--> statement-breakpoint
DROP INDEX `products_status_limit_idx`;--> statement-breakpoint
CREATE INDEX `products_status_limit_idx` ON `products` (`status`,`sale_limit`,`id`,`marketing_end_date`);--> statement-breakpoint
DROP INDEX `products_status_commission_idx`;--> statement-breakpoint
CREATE INDEX `products_status_commission_idx` ON `products` (`status`,`commission`,`id`,`marketing_end_date`);
--> statement-breakpoint
-- Each product's orders that take a unit of its sale limit (every status but Cancelled), kept by
-- triggers in the writing transaction: a catalog page counted up to 1,000 orders of each of its 25
-- products for the Total Remaining column.
ALTER TABLE `products` ADD `orders_taken` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `products` SET `orders_taken` = (SELECT count(*) FROM `orders` WHERE `orders`.`product_id` = `products`.`id` AND `orders`.`status_id` != 'cancelled');--> statement-breakpoint
CREATE TRIGGER `products_orders_taken_insert` AFTER INSERT ON `orders` WHEN new.`status_id` != 'cancelled' BEGIN
  UPDATE `products` SET `orders_taken` = `orders_taken` + 1 WHERE `id` = new.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_orders_taken_delete` AFTER DELETE ON `orders` WHEN old.`status_id` != 'cancelled' BEGIN
  UPDATE `products` SET `orders_taken` = `orders_taken` - 1 WHERE `id` = old.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_orders_taken_update` AFTER UPDATE OF `status_id`, `product_id` ON `orders` BEGIN
  UPDATE `products` SET `orders_taken` = `orders_taken` - 1 WHERE `id` = old.`product_id` AND old.`status_id` != 'cancelled';
  UPDATE `products` SET `orders_taken` = `orders_taken` + 1 WHERE `id` = new.`product_id` AND new.`status_id` != 'cancelled';
END;
