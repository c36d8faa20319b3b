-- A second number in list_versions (id 2) that changes with every write to the lookup tables a
-- form or filter offers (markets, categories, Chinese sellers), by triggers in the same transaction:
-- the lookups are kept in memory until it changes.
INSERT INTO `list_versions` (`id`, `version`) VALUES (2, 0);
--> statement-breakpoint
CREATE TRIGGER `list_versions_markets_insert` AFTER INSERT ON `markets` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_markets_update` AFTER UPDATE ON `markets` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_markets_delete` AFTER DELETE ON `markets` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_categories_insert` AFTER INSERT ON `categories` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_categories_update` AFTER UPDATE ON `categories` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_categories_delete` AFTER DELETE ON `categories` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_chinese_sellers_insert` AFTER INSERT ON `chinese_sellers` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_chinese_sellers_update` AFTER UPDATE ON `chinese_sellers` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_chinese_sellers_delete` AFTER DELETE ON `chinese_sellers` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
