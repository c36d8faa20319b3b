-- Issue 29: order numbers and customer emails are searched by a part of them. A trigram index
-- (FTS5, an external-content table over orders, kept by triggers) finds the orders holding a part
-- of three characters or more without reading every order.
CREATE VIRTUAL TABLE `orders_search` USING fts5(`order_number_key`, `customer_email`, content='orders', content_rowid='id', tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_search`(rowid, `order_number_key`, `customer_email`) VALUES (new.`id`, new.`order_number_key`, new.`customer_email`);
END;--> statement-breakpoint
CREATE TRIGGER `orders_search_delete` AFTER DELETE ON `orders` BEGIN
  INSERT INTO `orders_search`(`orders_search`, rowid, `order_number_key`, `customer_email`) VALUES ('delete', old.`id`, old.`order_number_key`, old.`customer_email`);
END;--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF `order_number_key`, `customer_email` ON `orders` BEGIN
  INSERT INTO `orders_search`(`orders_search`, rowid, `order_number_key`, `customer_email`) VALUES ('delete', old.`id`, old.`order_number_key`, old.`customer_email`);
  INSERT INTO `orders_search`(rowid, `order_number_key`, `customer_email`) VALUES (new.`id`, new.`order_number_key`, new.`customer_email`);
END;--> statement-breakpoint
INSERT INTO `orders_search`(`orders_search`) VALUES ('rebuild');
