/*
 * The ids list rows carry: a row's form sent without JavaScript is answered with a redirect back
 * to the list at that row (`#product-123456`), so the browser scrolls to it.
 */

export const productRowId = (pId: number) => `product-${pId}`

/** A released reservation leaves its list, so RELEASE returns to the list itself. */
export const RESERVED_LIST_ID = 'reserved-products'

/** An order's row in the order lists: where its detail's actions return to. */
export const orderRowId = (orderId: number) => `order-${orderId}`
