import { sql } from 'drizzle-orm'
import {
  type AnySQLiteColumn,
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)

export const ROLES = ['pm', 'pmm', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** Uploaded pictures, stored on disk under DATA_DIR by content hash. */
export const pictures = sqliteTable(
  'pictures',
  {
    id: text('id').primaryKey(), // sha256 of the uploaded bytes
    kind: text('kind', { enum: ['profile', 'product', 'order'] }).notNull(),
    format: text('format').notNull(), // jpeg, png, webp, gif, avif
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    uploadedBy: integer('uploaded_by').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  // A user's stored bytes (the storage cap) summed from the index alone.
  (t) => [index('pictures_uploaded_by_idx').on(t.uploadedBy, t.bytes)],
)

/** `id` is the user's sequential `count`, shown as "ID" and as "Seller ID". */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    address: text('address').notNull().default(''),
    cnic: text('cnic').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull(),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    phone: text('phone').notNull().default(''),
    profilePictureId: text('profile_picture_id').references(() => pictures.id),
    isEnable: integer('is_enable', { mode: 'boolean' }).notNull().default(true),
    /** The single-key shortcuts (issue 30); off on the user's profile (WCAG 2.1.4). */
    keyboardShortcuts: integer('keyboard_shortcuts', { mode: 'boolean' }).notNull().default(true),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_role_idx').on(t.role, t.deletedAt),
    index('users_profile_picture_idx').on(t.profilePictureId),
    // The user lists sorted by name: every pm and pmm, and the live ones of a role.
    index('users_name_idx').on(t.name),
    index('users_role_name_idx').on(t.role, t.deletedAt, t.name),
  ],
)

/** Cookie sessions and bearer tokens alike; `id` is the sha256 of the token. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/**
 * Sign-in attempts that count against the limits: recorded before the password is checked and
 * removed again when it was right. `client` is the caller's address, when known.
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    client: text('client'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_client_idx').on(t.client, t.createdAt),
  ],
)

export const markets = sqliteTable('markets', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().unique(),
})

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
})

export const chineseSellers = sqliteTable('chinese_sellers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
})

export const PRODUCT_STATUSES = ['published', 'disabled'] as const

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pId: integer('p_id').notNull().unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    keywords: text('keywords').notNull(),
    brandName: text('brand_name').notNull(),
    soldBy: text('sold_by').notNull(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    chineseSellerId: integer('chinese_seller_id')
      .notNull()
      .references(() => chineseSellers.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** Money in cents. */
    commission: integer('commission').notNull(),
    websiteCommission: integer('website_commission').notNull(),
    limitPerDay: integer('limit_per_day').notNull(),
    limit: integer('sale_limit').notNull(),
    instruction: text('instruction').notNull(),
    refundPolicy: text('refund_policy').notNull(),
    commissionPolicy: text('commission_policy').notNull(),
    /** Last business day of marketing (YYYY-MM-DD); null means the product never ends. */
    marketingEndDate: text('marketing_end_date'),
    imageId: text('image_id')
      .notNull()
      .references(() => pictures.id),
    screenshotId: text('screenshot_id')
      .notNull()
      .references(() => pictures.id),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('published'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The product's orders that take a unit of its sale limit (every status but Cancelled), kept
     * by triggers on orders (migration 0022); never written by the app.
     */
    ordersTaken: integer('orders_taken').notNull().default(0),
  },
  (t) => [
    // Covers the catalog's filter (status, end of marketing) in id order: counts and deep pages
    // never touch the table.
    index('products_status_idx').on(t.status, t.id, t.marketingEndDate),
    index('products_status_owner_idx').on(t.status, t.ownerId, t.id),
    index('products_owner_idx').on(t.ownerId, t.id),
    index('products_market_idx').on(t.marketId),
    index('products_category_idx').on(t.categoryId),
    index('products_seller_idx').on(t.chineseSellerId),
    // Who may see a picture (app/models/picture-access.server.ts) looks it up by id.
    index('products_image_idx').on(t.imageId),
    index('products_screenshot_idx').on(t.screenshotId),
    // The product lists sorted by a column (Product ID, Sale Limit, Commission): every product,
    // a status's, and a manager's of a status, each in the column's order (then id).
    index('products_status_p_id_idx').on(t.status, t.pId, t.id, t.marketingEndDate),
    index('products_status_owner_p_id_idx').on(t.status, t.ownerId, t.pId),
    index('products_limit_idx').on(t.limit),
    index('products_status_limit_idx').on(t.status, t.limit, t.id, t.marketingEndDate),
    index('products_status_owner_limit_idx').on(t.status, t.ownerId, t.limit),
    index('products_commission_idx').on(t.commission),
    index('products_status_commission_idx').on(t.status, t.commission, t.id, t.marketingEndDate),
    index('products_status_owner_commission_idx').on(t.status, t.ownerId, t.commission),
  ],
)

export const RESERVATION_STATUSES = ['active', 'released', 'ordered'] as const

/** A unit of a product held by a pm; active until released, ordered or expired. */
export const reservations = sqliteTable(
  'reservations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('reservations_product_idx').on(t.productId, t.status, t.expiresAt),
    index('reservations_user_idx').on(t.userId, t.status, t.expiresAt),
  ],
)

/** Fixed lookup rows; ids are stable identifiers seeded by a migration. */
export const orderStatuses = sqliteTable('order_statuses', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull(),
  chosenBy: text('chosen_by', { enum: ['pm', 'pmm'] }).notNull(),
})

export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderNumber: text('order_number').notNull(),
    /** Trimmed, lower-cased order number: unique per market. */
    orderNumberKey: text('order_number_key').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerEmail: text('customer_email').notNull(),
    buyerContact: text('buyer_contact').notNull().default(''),
    remark: text('remark').notNull().default(''),
    statusId: text('status_id')
      .notNull()
      .references(() => orderStatuses.id),
    /** Commission in cents, copied from the product when the order is made. */
    commission: integer('commission').notNull(),
    orderPictureId: text('order_picture_id').references(() => pictures.id),
    refundPictureId: text('refund_picture_id').references(() => pictures.id),
    reviewPictureId: text('review_picture_id').references(() => pictures.id),
    refundDate: integer('refund_date', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When the order's unit was taken: the creation of the reservation it came from (a late order
     * takes its unit on its reservation's business day), else its own creation. The daily quota
     * counts orders by this, not by createdAt. No default: every insert must say.
     */
    quotaAt: integer('quota_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_market_number_unique').on(t.marketId, t.orderNumberKey),
    index('orders_user_idx').on(t.userId, t.statusId),
    // Covers the quota's counts (orders of a product that are not Cancelled, a day's among them).
    index('orders_product_idx').on(t.productId, t.statusId, t.quotaAt),
    // The orders list, newest change first, of a pmm's products and of a pm (covering: no row reads).
    index('orders_product_updated_idx').on(t.productId, t.updatedAt),
    index('orders_user_updated_idx').on(t.userId, t.updatedAt),
    index('orders_status_idx').on(t.statusId, t.updatedAt),
    index('orders_updated_idx').on(t.updatedAt),
    index('orders_created_idx').on(t.createdAt),
    // A pm's report (and a report filtered by marketer) in its keyset order: creation time, then id.
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_email_idx').on(t.customerEmail),
    index('orders_order_picture_idx').on(t.orderPictureId),
    index('orders_refund_picture_idx').on(t.refundPictureId),
    index('orders_review_picture_idx').on(t.reviewPictureId),
    // The order lists sorted by a column (Order Number, Commission, Status), every order and a
    // pm's own; Update Date and Seller ID use the indexes above.
    index('orders_number_idx').on(t.orderNumberKey),
    index('orders_commission_idx').on(t.commission),
    index('orders_user_number_idx').on(t.userId, t.orderNumberKey),
    index('orders_user_commission_idx').on(t.userId, t.commission),
    index('orders_user_status_updated_idx').on(t.userId, t.statusId, t.updatedAt),
    // A pmm's orders, found per product, each index covering a sort: only the pmm's own orders
    // are read, and the page's top rows kept as they are (orders do not carry the manager).
    index('orders_product_number_idx').on(t.productId, t.orderNumberKey),
    index('orders_product_commission_idx').on(t.productId, t.commission),
    index('orders_product_status_updated_idx').on(t.productId, t.statusId, t.updatedAt),
    index('orders_product_user_updated_idx').on(t.productId, t.userId, t.updatedAt),
    // The report page (migration 0022): each product of a marketer, skipped through for the
    // managers a pm's filter offers; its count and its charts' aggregate, each index holding all
    // they read (a manager's orders by product, a marketer's, anyone's).
    index('orders_user_product_idx').on(t.userId, t.productId),
    index('orders_product_chart_idx').on(t.productId, t.createdAt, t.statusId, t.commission),
    index('orders_user_chart_idx').on(t.userId, t.createdAt, t.statusId, t.commission),
    index('orders_chart_idx').on(t.createdAt, t.statusId, t.commission),
  ],
)

export const orderStatusHistory = sqliteTable(
  'order_status_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatusId: text('from_status_id').references(() => orderStatuses.id),
    toStatusId: text('to_status_id')
      .notNull()
      .references(() => orderStatuses.id),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.changedAt)],
)

export const scammerPaypals = sqliteTable(
  'scammer_paypals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    reportedBy: integer('reported_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('scammer_paypals_email_unique').on(t.email)],
)

/**
 * The reports being written now, one row each, by the server process writing it: the limits per
 * user and per process hold across the processes of the cluster. A row whose process has died is
 * stale (see models/report-limits.server.ts).
 */
export const reportExports = sqliteTable(
  'report_exports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    pid: integer('pid').notNull(),
    startedAt: createdAt(),
  },
  (t) => [index('report_exports_user_idx').on(t.userId), index('report_exports_pid_idx').on(t.pid)],
)

/**
 * Where each user last left each list (product.md, Lists): the list's query string, restored when
 * the list is opened again without one. One row per user and list.
 */
export const listPlaces = sqliteTable(
  'list_places',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    query: text('query').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list] })],
)

/**
 * Facts about the database itself, by key: `demo_seeded_at` (ISO time) when the demo data was
 * seeded into it, so that a restore can tell a generation that holds only the demo from one with
 * real data (server/restore.ts).
 */
export const appMeta = sqliteTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/**
 * Self-registrations by client address, for their limit (models/user.server.ts: at most
 * REGISTRATION_LIMIT an hour from one address).
 */
export const registrationAttempts = sqliteTable(
  'registration_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    client: text('client').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('registration_attempts_client_idx').on(t.client, t.createdAt)],
)

/**
 * Idempotency keys (issue 31): what a user's write sent with an `Idempotency-Key` answered, so the
 * same key with the same body answers it again (a retry makes no second order). One row per user
 * and key, for 24 hours (models/idempotency.server.ts; swept afterwards).
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The hash of the request's scope and parsed body (pictures by their bytes). */
    fingerprint: text('fingerprint').notNull(),
    /** What the first request answered, as JSON (the model's own shape). */
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/**
 * A bulk status change (issue 30): who made it, the status it set and, per order changed,
 * `{ orderId, from, historyId }` as JSON, so its Undo restores the previous statuses while no
 * order changed again since (models/order-bulk.server.ts).
 */
export const bulkStatusChanges = sqliteTable('bulk_status_changes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  statusId: text('status_id').notNull(),
  entries: text('entries').notNull(),
  /** What the change answered (its confirmation page shows it). */
  message: text('message').notNull(),
  createdAt: createdAt(),
  undoneAt: integer('undone_at', { mode: 'timestamp_ms' }),
})

/**
 * An admin's bulk enable or disable of products or users (issue 30): who made it, which kind of
 * row, what it set and, per row changed, `{ id, stamp }` as JSON (a product's pId or a user's id,
 * and the row's `updated_at` after the change), so its Undo restores the previous state while no
 * row changed again since (models/admin-bulk.server.ts).
 */
export const adminBulkChanges = sqliteTable('admin_bulk_changes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['product', 'user'] }).notNull(),
  enable: integer('enable', { mode: 'boolean' }).notNull(),
  entries: text('entries').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
  undoneAt: integer('undone_at', { mode: 'timestamp_ms' }),
})

/**
 * A passkey (issue 30, decision 105): a WebAuthn credential a user registered on their profile.
 * Only what verifying a sign-in needs: the credential's id (base64url, unique), its COSE public
 * key, the signature counter it last showed, the transports it named, and its name and dates.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: blob('public_key', { mode: 'buffer' }).notNull(),
    counter: integer('counter').notNull().default(0),
    /** The authenticator's transports, comma-separated (usb, internal, hybrid, ...). */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
)

/**
 * A WebAuthn challenge handed to one browser (its cookie holds the token whose hash is `id`):
 * used once (deleted when answered) and only within 5 minutes. `userId` is the user adding a
 * passkey; null for a sign-in, where the passkey names its user.
 */
export const passkeyChallenges = sqliteTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
)
