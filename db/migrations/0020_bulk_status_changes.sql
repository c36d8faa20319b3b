-- Issue 30: a bulk status change remembers what it changed, so its Undo (10 seconds) restores
-- each order's previous status, and refuses once any of them changed again.
CREATE TABLE `bulk_status_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status_id` text NOT NULL,
	`entries` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`undone_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- Issue 30: a user may turn the single-key shortcuts off on their profile (WCAG 2.1.4).
ALTER TABLE `users` ADD `keyboard_shortcuts` integer DEFAULT true NOT NULL;
