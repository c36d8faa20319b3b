-- Remembered list places are keyed by the list, not by the path's spelling (app/utils/list-place.server.ts
-- listKey): the lowercase path. Spellings that are not a plain path (percent-encoded, doubled or
-- trailing slashes) go; the others keep their place under the lowercase key.
DELETE FROM `list_places` WHERE `list` LIKE '%\%%' ESCAPE '\' OR `list` LIKE '%//%' OR (`list` LIKE '%/' AND `list` != '/');
--> statement-breakpoint
DELETE FROM `list_places` WHERE `list` != lower(`list`) AND EXISTS (
  SELECT 1 FROM `list_places` AS `other`
  WHERE `other`.`user_id` = `list_places`.`user_id` AND `other`.`list` = lower(`list_places`.`list`)
);
--> statement-breakpoint
UPDATE OR REPLACE `list_places` SET `list` = lower(`list`) WHERE `list` != lower(`list`);
