-- Issue 29: what lists remember (counts, anchors, the report's tallies) is kept per table and
-- column instead of one number for all counted tables (0007, 0014). Per table a row whose version
-- goes up with each insert and delete and whose `rows` is the row count (an unfiltered list's
-- count, read in one step); per column a row whose version goes up when an update changes that
-- column's value. A status change then leaves every count that does not filter on the status
-- remembered (db/version-triggers.ts writes these; app/models/versions.server.ts reads them).
CREATE TABLE `data_versions` (`name` text PRIMARY KEY NOT NULL, `version` integer NOT NULL, `rows` integer) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `data_versions` (`name`, `version`, `rows`) VALUES ('products', 0, (SELECT count(*) FROM `products`)), ('products.id', 0, NULL), ('products.p_id', 0, NULL), ('products.owner_id', 0, NULL), ('products.keywords', 0, NULL), ('products.brand_name', 0, NULL), ('products.sold_by', 0, NULL), ('products.market_id', 0, NULL), ('products.chinese_seller_id', 0, NULL), ('products.category_id', 0, NULL), ('products.commission', 0, NULL), ('products.website_commission', 0, NULL), ('products.limit_per_day', 0, NULL), ('products.sale_limit', 0, NULL), ('products.instruction', 0, NULL), ('products.refund_policy', 0, NULL), ('products.commission_policy', 0, NULL), ('products.marketing_end_date', 0, NULL), ('products.image_id', 0, NULL), ('products.screenshot_id', 0, NULL), ('products.status', 0, NULL), ('products.created_at', 0, NULL), ('products.updated_at', 0, NULL), ('products.orders_taken', 0, NULL);
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_insert` AFTER INSERT ON `products` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` + 1 WHERE `name` = 'products';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_delete` AFTER DELETE ON `products` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` - 1 WHERE `name` = 'products';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_id` AFTER UPDATE OF `id` ON `products` WHEN old.`id` IS NOT new.`id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_p_id` AFTER UPDATE OF `p_id` ON `products` WHEN old.`p_id` IS NOT new.`p_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.p_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_owner_id` AFTER UPDATE OF `owner_id` ON `products` WHEN old.`owner_id` IS NOT new.`owner_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.owner_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_keywords` AFTER UPDATE OF `keywords` ON `products` WHEN old.`keywords` IS NOT new.`keywords` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.keywords';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_brand_name` AFTER UPDATE OF `brand_name` ON `products` WHEN old.`brand_name` IS NOT new.`brand_name` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.brand_name';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_sold_by` AFTER UPDATE OF `sold_by` ON `products` WHEN old.`sold_by` IS NOT new.`sold_by` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.sold_by';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_market_id` AFTER UPDATE OF `market_id` ON `products` WHEN old.`market_id` IS NOT new.`market_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.market_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_chinese_seller_id` AFTER UPDATE OF `chinese_seller_id` ON `products` WHEN old.`chinese_seller_id` IS NOT new.`chinese_seller_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.chinese_seller_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_category_id` AFTER UPDATE OF `category_id` ON `products` WHEN old.`category_id` IS NOT new.`category_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.category_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_commission` AFTER UPDATE OF `commission` ON `products` WHEN old.`commission` IS NOT new.`commission` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.commission';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_website_commission` AFTER UPDATE OF `website_commission` ON `products` WHEN old.`website_commission` IS NOT new.`website_commission` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.website_commission';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_limit_per_day` AFTER UPDATE OF `limit_per_day` ON `products` WHEN old.`limit_per_day` IS NOT new.`limit_per_day` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.limit_per_day';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_sale_limit` AFTER UPDATE OF `sale_limit` ON `products` WHEN old.`sale_limit` IS NOT new.`sale_limit` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.sale_limit';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_instruction` AFTER UPDATE OF `instruction` ON `products` WHEN old.`instruction` IS NOT new.`instruction` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.instruction';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_refund_policy` AFTER UPDATE OF `refund_policy` ON `products` WHEN old.`refund_policy` IS NOT new.`refund_policy` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.refund_policy';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_commission_policy` AFTER UPDATE OF `commission_policy` ON `products` WHEN old.`commission_policy` IS NOT new.`commission_policy` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.commission_policy';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_marketing_end_date` AFTER UPDATE OF `marketing_end_date` ON `products` WHEN old.`marketing_end_date` IS NOT new.`marketing_end_date` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.marketing_end_date';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_image_id` AFTER UPDATE OF `image_id` ON `products` WHEN old.`image_id` IS NOT new.`image_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.image_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_screenshot_id` AFTER UPDATE OF `screenshot_id` ON `products` WHEN old.`screenshot_id` IS NOT new.`screenshot_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.screenshot_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_status` AFTER UPDATE OF `status` ON `products` WHEN old.`status` IS NOT new.`status` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.status';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_created_at` AFTER UPDATE OF `created_at` ON `products` WHEN old.`created_at` IS NOT new.`created_at` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.created_at';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_updated_at` AFTER UPDATE OF `updated_at` ON `products` WHEN old.`updated_at` IS NOT new.`updated_at` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.updated_at';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_products_orders_taken` AFTER UPDATE OF `orders_taken` ON `products` WHEN old.`orders_taken` IS NOT new.`orders_taken` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'products.orders_taken';
END;
--> statement-breakpoint
INSERT INTO `data_versions` (`name`, `version`, `rows`) VALUES ('orders', 0, (SELECT count(*) FROM `orders`)), ('orders.id', 0, NULL), ('orders.order_number', 0, NULL), ('orders.order_number_key', 0, NULL), ('orders.product_id', 0, NULL), ('orders.market_id', 0, NULL), ('orders.user_id', 0, NULL), ('orders.customer_email', 0, NULL), ('orders.buyer_contact', 0, NULL), ('orders.remark', 0, NULL), ('orders.status_id', 0, NULL), ('orders.commission', 0, NULL), ('orders.order_picture_id', 0, NULL), ('orders.refund_picture_id', 0, NULL), ('orders.review_picture_id', 0, NULL), ('orders.refund_date', 0, NULL), ('orders.created_at', 0, NULL), ('orders.updated_at', 0, NULL), ('orders.quota_at', 0, NULL);
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_insert` AFTER INSERT ON `orders` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` + 1 WHERE `name` = 'orders';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` - 1 WHERE `name` = 'orders';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_id` AFTER UPDATE OF `id` ON `orders` WHEN old.`id` IS NOT new.`id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_order_number` AFTER UPDATE OF `order_number` ON `orders` WHEN old.`order_number` IS NOT new.`order_number` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.order_number';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_order_number_key` AFTER UPDATE OF `order_number_key` ON `orders` WHEN old.`order_number_key` IS NOT new.`order_number_key` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.order_number_key';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_product_id` AFTER UPDATE OF `product_id` ON `orders` WHEN old.`product_id` IS NOT new.`product_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.product_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_market_id` AFTER UPDATE OF `market_id` ON `orders` WHEN old.`market_id` IS NOT new.`market_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.market_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_user_id` AFTER UPDATE OF `user_id` ON `orders` WHEN old.`user_id` IS NOT new.`user_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.user_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_customer_email` AFTER UPDATE OF `customer_email` ON `orders` WHEN old.`customer_email` IS NOT new.`customer_email` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.customer_email';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_buyer_contact` AFTER UPDATE OF `buyer_contact` ON `orders` WHEN old.`buyer_contact` IS NOT new.`buyer_contact` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.buyer_contact';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_remark` AFTER UPDATE OF `remark` ON `orders` WHEN old.`remark` IS NOT new.`remark` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.remark';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_status_id` AFTER UPDATE OF `status_id` ON `orders` WHEN old.`status_id` IS NOT new.`status_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.status_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_commission` AFTER UPDATE OF `commission` ON `orders` WHEN old.`commission` IS NOT new.`commission` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.commission';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_order_picture_id` AFTER UPDATE OF `order_picture_id` ON `orders` WHEN old.`order_picture_id` IS NOT new.`order_picture_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.order_picture_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_refund_picture_id` AFTER UPDATE OF `refund_picture_id` ON `orders` WHEN old.`refund_picture_id` IS NOT new.`refund_picture_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.refund_picture_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_review_picture_id` AFTER UPDATE OF `review_picture_id` ON `orders` WHEN old.`review_picture_id` IS NOT new.`review_picture_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.review_picture_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_refund_date` AFTER UPDATE OF `refund_date` ON `orders` WHEN old.`refund_date` IS NOT new.`refund_date` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.refund_date';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_created_at` AFTER UPDATE OF `created_at` ON `orders` WHEN old.`created_at` IS NOT new.`created_at` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.created_at';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_updated_at` AFTER UPDATE OF `updated_at` ON `orders` WHEN old.`updated_at` IS NOT new.`updated_at` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.updated_at';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_orders_quota_at` AFTER UPDATE OF `quota_at` ON `orders` WHEN old.`quota_at` IS NOT new.`quota_at` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'orders.quota_at';
END;
--> statement-breakpoint
INSERT INTO `data_versions` (`name`, `version`, `rows`) VALUES ('users', 0, (SELECT count(*) FROM `users`)), ('users.id', 0, NULL), ('users.name', 0, NULL), ('users.email', 0, NULL), ('users.password_hash', 0, NULL), ('users.address', 0, NULL), ('users.cnic', 0, NULL), ('users.role', 0, NULL), ('users.city', 0, NULL), ('users.country', 0, NULL), ('users.phone', 0, NULL), ('users.profile_picture_id', 0, NULL), ('users.is_enable', 0, NULL), ('users.deleted_at', 0, NULL), ('users.created_at', 0, NULL), ('users.updated_at', 0, NULL), ('users.keyboard_shortcuts', 0, NULL);
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_insert` AFTER INSERT ON `users` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` + 1 WHERE `name` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` - 1 WHERE `name` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_id` AFTER UPDATE OF `id` ON `users` WHEN old.`id` IS NOT new.`id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_name` AFTER UPDATE OF `name` ON `users` WHEN old.`name` IS NOT new.`name` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.name';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_email` AFTER UPDATE OF `email` ON `users` WHEN old.`email` IS NOT new.`email` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.email';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_password_hash` AFTER UPDATE OF `password_hash` ON `users` WHEN old.`password_hash` IS NOT new.`password_hash` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.password_hash';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_address` AFTER UPDATE OF `address` ON `users` WHEN old.`address` IS NOT new.`address` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.address';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_cnic` AFTER UPDATE OF `cnic` ON `users` WHEN old.`cnic` IS NOT new.`cnic` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.cnic';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_role` AFTER UPDATE OF `role` ON `users` WHEN old.`role` IS NOT new.`role` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.role';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_city` AFTER UPDATE OF `city` ON `users` WHEN old.`city` IS NOT new.`city` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.city';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_country` AFTER UPDATE OF `country` ON `users` WHEN old.`country` IS NOT new.`country` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.country';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_phone` AFTER UPDATE OF `phone` ON `users` WHEN old.`phone` IS NOT new.`phone` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.phone';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_profile_picture_id` AFTER UPDATE OF `profile_picture_id` ON `users` WHEN old.`profile_picture_id` IS NOT new.`profile_picture_id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.profile_picture_id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_is_enable` AFTER UPDATE OF `is_enable` ON `users` WHEN old.`is_enable` IS NOT new.`is_enable` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.is_enable';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_deleted_at` AFTER UPDATE OF `deleted_at` ON `users` WHEN old.`deleted_at` IS NOT new.`deleted_at` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.deleted_at';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_created_at` AFTER UPDATE OF `created_at` ON `users` WHEN old.`created_at` IS NOT new.`created_at` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.created_at';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_updated_at` AFTER UPDATE OF `updated_at` ON `users` WHEN old.`updated_at` IS NOT new.`updated_at` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.updated_at';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_users_keyboard_shortcuts` AFTER UPDATE OF `keyboard_shortcuts` ON `users` WHEN old.`keyboard_shortcuts` IS NOT new.`keyboard_shortcuts` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'users.keyboard_shortcuts';
END;
--> statement-breakpoint
INSERT INTO `data_versions` (`name`, `version`, `rows`) VALUES ('scammer_paypals', 0, (SELECT count(*) FROM `scammer_paypals`)), ('scammer_paypals.id', 0, NULL), ('scammer_paypals.email', 0, NULL), ('scammer_paypals.reason', 0, NULL), ('scammer_paypals.reported_by', 0, NULL), ('scammer_paypals.created_at', 0, NULL);
--> statement-breakpoint
CREATE TRIGGER `data_versions_scammer_paypals_insert` AFTER INSERT ON `scammer_paypals` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` + 1 WHERE `name` = 'scammer_paypals';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_scammer_paypals_delete` AFTER DELETE ON `scammer_paypals` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` - 1 WHERE `name` = 'scammer_paypals';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_scammer_paypals_id` AFTER UPDATE OF `id` ON `scammer_paypals` WHEN old.`id` IS NOT new.`id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'scammer_paypals.id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_scammer_paypals_email` AFTER UPDATE OF `email` ON `scammer_paypals` WHEN old.`email` IS NOT new.`email` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'scammer_paypals.email';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_scammer_paypals_reason` AFTER UPDATE OF `reason` ON `scammer_paypals` WHEN old.`reason` IS NOT new.`reason` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'scammer_paypals.reason';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_scammer_paypals_reported_by` AFTER UPDATE OF `reported_by` ON `scammer_paypals` WHEN old.`reported_by` IS NOT new.`reported_by` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'scammer_paypals.reported_by';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_scammer_paypals_created_at` AFTER UPDATE OF `created_at` ON `scammer_paypals` WHEN old.`created_at` IS NOT new.`created_at` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'scammer_paypals.created_at';
END;
--> statement-breakpoint
INSERT INTO `data_versions` (`name`, `version`, `rows`) VALUES ('markets', 0, (SELECT count(*) FROM `markets`)), ('markets.id', 0, NULL), ('markets.name', 0, NULL), ('markets.short_name', 0, NULL);
--> statement-breakpoint
CREATE TRIGGER `data_versions_markets_insert` AFTER INSERT ON `markets` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` + 1 WHERE `name` = 'markets';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_markets_delete` AFTER DELETE ON `markets` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` - 1 WHERE `name` = 'markets';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_markets_id` AFTER UPDATE OF `id` ON `markets` WHEN old.`id` IS NOT new.`id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'markets.id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_markets_name` AFTER UPDATE OF `name` ON `markets` WHEN old.`name` IS NOT new.`name` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'markets.name';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_markets_short_name` AFTER UPDATE OF `short_name` ON `markets` WHEN old.`short_name` IS NOT new.`short_name` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'markets.short_name';
END;
--> statement-breakpoint
DROP TRIGGER `list_versions_products_insert`;
--> statement-breakpoint
DROP TRIGGER `list_versions_products_update`;
--> statement-breakpoint
DROP TRIGGER `list_versions_products_delete`;
--> statement-breakpoint
DROP TRIGGER `list_versions_orders_insert`;
--> statement-breakpoint
DROP TRIGGER `list_versions_orders_update`;
--> statement-breakpoint
DROP TRIGGER `list_versions_orders_delete`;
--> statement-breakpoint
DROP TRIGGER `list_versions_users_insert`;
--> statement-breakpoint
DROP TRIGGER `list_versions_users_update`;
--> statement-breakpoint
DROP TRIGGER `list_versions_users_delete`;
--> statement-breakpoint
DROP TRIGGER `list_versions_scammer_paypals_insert`;
--> statement-breakpoint
DROP TRIGGER `list_versions_scammer_paypals_update`;
--> statement-breakpoint
DROP TRIGGER `list_versions_scammer_paypals_delete`;
--> statement-breakpoint
DROP TRIGGER `list_versions_markets_lists_insert`;
--> statement-breakpoint
DROP TRIGGER `list_versions_markets_lists_update`;
--> statement-breakpoint
DROP TRIGGER `list_versions_markets_lists_delete`;
--> statement-breakpoint
DELETE FROM `list_versions` WHERE `id` = 1;
