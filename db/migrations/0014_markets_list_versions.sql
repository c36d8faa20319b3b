-- The markets admin list (/all/markets) counts markets with paginateTable: they bump the lists' version too
-- (they already bump the lookups' one, 0008, hence the qualified names).
CREATE TRIGGER `list_versions_markets_lists_insert` AFTER INSERT ON `markets` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_markets_lists_update` AFTER UPDATE ON `markets` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_markets_lists_delete` AFTER DELETE ON `markets` BEGIN
  UPDATE `list_versions` SET `version` = `version` + 1 WHERE `id` = 1;
END;
