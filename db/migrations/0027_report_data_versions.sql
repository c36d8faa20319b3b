-- Issue 29: the report page's first rows are remembered until what they read is written, as the
-- lists' counts are (0026); they also read the Chinese sellers and the statuses, which get their
-- data versions here (db/version-triggers.ts wrote these statements).
INSERT INTO `data_versions` (`name`, `version`, `rows`) VALUES ('chinese_sellers', 0, (SELECT count(*) FROM `chinese_sellers`)), ('chinese_sellers.id', 0, NULL), ('chinese_sellers.name', 0, NULL);
--> statement-breakpoint
CREATE TRIGGER `data_versions_chinese_sellers_insert` AFTER INSERT ON `chinese_sellers` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` + 1 WHERE `name` = 'chinese_sellers';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_chinese_sellers_delete` AFTER DELETE ON `chinese_sellers` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` - 1 WHERE `name` = 'chinese_sellers';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_chinese_sellers_id` AFTER UPDATE OF `id` ON `chinese_sellers` WHEN old.`id` IS NOT new.`id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'chinese_sellers.id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_chinese_sellers_name` AFTER UPDATE OF `name` ON `chinese_sellers` WHEN old.`name` IS NOT new.`name` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'chinese_sellers.name';
END;
--> statement-breakpoint
INSERT INTO `data_versions` (`name`, `version`, `rows`) VALUES ('order_statuses', 0, (SELECT count(*) FROM `order_statuses`)), ('order_statuses.id', 0, NULL), ('order_statuses.name', 0, NULL), ('order_statuses.sort_order', 0, NULL), ('order_statuses.chosen_by', 0, NULL);
--> statement-breakpoint
CREATE TRIGGER `data_versions_order_statuses_insert` AFTER INSERT ON `order_statuses` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` + 1 WHERE `name` = 'order_statuses';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_order_statuses_delete` AFTER DELETE ON `order_statuses` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `rows` = `rows` - 1 WHERE `name` = 'order_statuses';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_order_statuses_id` AFTER UPDATE OF `id` ON `order_statuses` WHEN old.`id` IS NOT new.`id` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'order_statuses.id';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_order_statuses_name` AFTER UPDATE OF `name` ON `order_statuses` WHEN old.`name` IS NOT new.`name` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'order_statuses.name';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_order_statuses_sort_order` AFTER UPDATE OF `sort_order` ON `order_statuses` WHEN old.`sort_order` IS NOT new.`sort_order` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'order_statuses.sort_order';
END;
--> statement-breakpoint
CREATE TRIGGER `data_versions_order_statuses_chosen_by` AFTER UPDATE OF `chosen_by` ON `order_statuses` WHEN old.`chosen_by` IS NOT new.`chosen_by` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'order_statuses.chosen_by';
END;
