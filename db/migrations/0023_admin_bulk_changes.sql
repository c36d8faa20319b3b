-- Issue 30: an admin's bulk enable or disable of products or users remembers what it changed, so
-- its Undo (10 seconds) restores each row's previous state, and refuses once any of them changed
-- again (models/admin-bulk.server.ts, decision 104).
CREATE TABLE `admin_bulk_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`enable` integer NOT NULL,
	`entries` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`undone_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
