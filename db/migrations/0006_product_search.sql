-- Keyword search over products (keywords and brand) by substring, through a trigram index, so a
-- search reads the products that contain the text instead of every product. The index follows
-- the products table through triggers.
CREATE VIRTUAL TABLE `products_search` USING fts5(keywords, brand_name, content='products', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `products_search` (rowid, keywords, brand_name) SELECT id, keywords, brand_name FROM `products`;
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_search` (rowid, keywords, brand_name) VALUES (new.id, new.keywords, new.brand_name);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `products_search` (`products_search`, rowid, keywords, brand_name) VALUES ('delete', old.id, old.keywords, old.brand_name);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF keywords, brand_name ON `products` BEGIN
  INSERT INTO `products_search` (`products_search`, rowid, keywords, brand_name) VALUES ('delete', old.id, old.keywords, old.brand_name);
  INSERT INTO `products_search` (rowid, keywords, brand_name) VALUES (new.id, new.keywords, new.brand_name);
END;
