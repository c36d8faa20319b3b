-- Fixed order statuses: ids are stable identifiers that clients send.
INSERT INTO `order_statuses` (`id`, `name`, `sort_order`, `chosen_by`) VALUES
  ('ordered', 'Ordered', 1, 'pm'),
  ('reviewed', 'Reviewed', 2, 'pm'),
  ('cancelled', 'Cancelled', 3, 'pm'),
  ('delivered', 'Delivered', 4, 'pmm'),
  ('refunded', 'Refunded', 5, 'pmm'),
  ('review_deleted', 'Review Deleted', 6, 'pmm'),
  ('onhold', 'Onhold', 7, 'pmm'),
  ('commission', 'Commission', 8, 'pmm'),
  ('pending', 'Pending', 9, 'pmm');
