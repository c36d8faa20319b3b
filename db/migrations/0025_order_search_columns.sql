-- Issue 30: one trigram index per searched column instead of one for both. In the shared index a
-- part of a number was looked up in the emails' trigrams too ("buyer4" read every email's "buy"
-- before its column filter dropped them: 15 ms a trigram at a million orders, the palette's
-- search 130 ms); each index now holds only its own column's trigrams. `detail='none'`: the
-- searches ask single trigrams (AND), never a phrase or a column, so positions are not stored
-- (at a million orders 126 MB became 31 MB for the two).
DROP TRIGGER `orders_search_insert`;--> statement-breakpoint
DROP TRIGGER `orders_search_delete`;--> statement-breakpoint
DROP TRIGGER `orders_search_update`;--> statement-breakpoint
DROP TABLE `orders_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `orders_number_search` USING fts5(`order_number_key`, content='orders', content_rowid='id', tokenize='trigram', detail='none');--> statement-breakpoint
CREATE TRIGGER `orders_number_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_number_search`(rowid, `order_number_key`) VALUES (new.`id`, new.`order_number_key`);
END;--> statement-breakpoint
CREATE TRIGGER `orders_number_search_delete` AFTER DELETE ON `orders` BEGIN
  INSERT INTO `orders_number_search`(`orders_number_search`, rowid, `order_number_key`) VALUES ('delete', old.`id`, old.`order_number_key`);
END;--> statement-breakpoint
CREATE TRIGGER `orders_number_search_update` AFTER UPDATE OF `order_number_key` ON `orders` BEGIN
  INSERT INTO `orders_number_search`(`orders_number_search`, rowid, `order_number_key`) VALUES ('delete', old.`id`, old.`order_number_key`);
  INSERT INTO `orders_number_search`(rowid, `order_number_key`) VALUES (new.`id`, new.`order_number_key`);
END;--> statement-breakpoint
INSERT INTO `orders_number_search`(`orders_number_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE VIRTUAL TABLE `orders_email_search` USING fts5(`customer_email`, content='orders', content_rowid='id', tokenize='trigram', detail='none');--> statement-breakpoint
CREATE TRIGGER `orders_email_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_email_search`(rowid, `customer_email`) VALUES (new.`id`, new.`customer_email`);
END;--> statement-breakpoint
CREATE TRIGGER `orders_email_search_delete` AFTER DELETE ON `orders` BEGIN
  INSERT INTO `orders_email_search`(`orders_email_search`, rowid, `customer_email`) VALUES ('delete', old.`id`, old.`customer_email`);
END;--> statement-breakpoint
CREATE TRIGGER `orders_email_search_update` AFTER UPDATE OF `customer_email` ON `orders` BEGIN
  INSERT INTO `orders_email_search`(`orders_email_search`, rowid, `customer_email`) VALUES ('delete', old.`id`, old.`customer_email`);
  INSERT INTO `orders_email_search`(rowid, `customer_email`) VALUES (new.`id`, new.`customer_email`);
END;--> statement-breakpoint
INSERT INTO `orders_email_search`(`orders_email_search`) VALUES ('rebuild');
