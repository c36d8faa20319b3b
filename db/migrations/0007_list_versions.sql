-- A number that changes with every write to a table that a paged list counts, in the same
-- transaction (by triggers), whichever process writes: lists keep their counts until it changes.
CREATE TABLE `list_versions` (`id` integer PRIMARY KEY NOT NULL, `version` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `list_versions` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `list_versions_products_insert` AFTER INSERT ON `products` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_products_update` AFTER UPDATE ON `products` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_products_delete` AFTER DELETE ON `products` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_orders_insert` AFTER INSERT ON `orders` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_orders_update` AFTER UPDATE ON `orders` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_orders_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_users_insert` AFTER INSERT ON `users` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_users_update` AFTER UPDATE ON `users` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_users_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_scammer_paypals_insert` AFTER INSERT ON `scammer_paypals` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_scammer_paypals_update` AFTER UPDATE ON `scammer_paypals` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_scammer_paypals_delete` AFTER DELETE ON `scammer_paypals` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
