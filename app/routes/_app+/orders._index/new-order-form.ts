/** The new-order form's id (its useAppForm id, and the key of its draft in sessionStorage). */
export const NEW_ORDER_FORM_ID = 'new-order'
