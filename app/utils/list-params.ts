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
