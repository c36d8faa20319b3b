-- The order statuses join the lookups kept in memory (list_versions id 2, see 0008): a write to
-- them changes the number in the same transaction.
CREATE TRIGGER `list_versions_order_statuses_insert` AFTER INSERT ON `order_statuses` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_order_statuses_update` AFTER UPDATE ON `order_statuses` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_order_statuses_delete` AFTER DELETE ON `order_statuses` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 2;
END;
