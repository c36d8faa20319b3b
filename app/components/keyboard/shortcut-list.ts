/**
 * The one documented set of keyboard shortcuts (issue 30), shown by `?` and on the Help page.
 * Single keys never act while the focus is in a field, nor with Ctrl, Alt or Meta held (the
 * browser's and screen readers' keys); a user turns them off on their profile (WCAG 2.1.4).
 */
export type Shortcut = { keys: string; what: string; admin?: boolean }

export const SHORTCUTS: ReadonlyArray<Shortcut> = [
  { keys: 'Ctrl+K or ⌘K', what: 'Open the command palette: go to an order, a product or a screen' },
  { keys: '?', what: 'Show the keyboard shortcuts' },
  { keys: '/', what: 'Search the current list' },
  { keys: 'g then d', what: 'Go to the dashboard' },
  { keys: 'g then o', what: 'Go to the orders' },
  { keys: 'g then p', what: 'Go to the products' },
  { keys: 'g then r', what: 'Go to the reservations' },
  { keys: 'g then e', what: 'Go to the reports' },
  { keys: 'g then u', what: 'Go to the users (admins)', admin: true },
  { keys: 'n', what: 'Open the current screen’s “new” form' },
  { keys: 'j / k', what: 'Move to the next / previous row' },
  { keys: 'Shift+j / Shift+k', what: 'Move and select the rows on the way' },
  { keys: 'Enter', what: 'Open the focused row' },
  { keys: 'x', what: 'Select the focused row (orders lists)' },
  { keys: '[ / ]', what: 'Previous / next page' },
]
