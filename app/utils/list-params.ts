/** The parameter of 'Clear filters': forget the list's place and show it as it first opens. */
export const CLEAR_PARAM = 'clear'

/**
 * The parameter of a dashboard card's link: the list shown with the card's filter, which neither
 * brings back nor replaces the user's remembered place (the sidebar still opens that).
 */
export const CARD_PARAM = 'card'

/** A card's link to a list: its path and filter, marked as the card's. */
export function cardLink(to: string) {
  return `${to}${to.includes('?') ? '&' : '?'}${CARD_PARAM}=1`
}

/**
 * The lists' search terms: what is typed into a search field (an order number, an email, a
 * product id, a name, a keyword), as opposed to the filters chosen from a list and the sort. A
 * remembered search term is a day's errand: it expires from the list's place once that day ends.
 */
export const SEARCH_TERM_PARAMS: ReadonlySet<string> = new Set([
  'orderNumber',
  'customerEmail',
  'searchById',
  'searchByID',
  'searchByKey',
  'productId',
  'name',
  'q',
])
