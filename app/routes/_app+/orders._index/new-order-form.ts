/** The new-order form's id (Conform's, and the key of its draft in sessionStorage). */
export const NEW_ORDER_FORM_ID = 'new-order'
