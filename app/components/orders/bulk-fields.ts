/** The id of the orders lists' selection form, which each row's checkbox belongs to (`form=`). */
export const BULK_FORM_ID = 'bulk-orders'
/** With JavaScript the selection form asks for its answer as data (`reply=json`). */
export const BULK_REPLY_FIELD = 'reply'
/** How long the toast offers Undo (the model's UNDO_SECONDS). */
export const UNDO_MS = 10_000
