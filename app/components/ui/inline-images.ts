/**
 * The favicon and the default avatar (public/favicon.svg, public/default-avatar.svg) as `data:`
 * addresses in the page: each was a request of its own on every first visit, its headers (~400
 * bytes) larger than its 230 bytes (inline-images.test.ts holds them to the files). The files stay
 * for the error pages, the API's avatar address and whoever asks for them.
 */
// Only what an address or the page's HTML cannot hold as it is is escaped (`"`, `<`, `>`, `#`,
// `%`): shorter than encodeURIComponent's, in the page and in the script.
const svg = (markup: string) =>
  `data:image/svg+xml,${markup.replace(/["<>#%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`

export const FAVICON_URL = svg(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f3a5f"/><path d="M9 17l5 5 9-12" fill="none" stroke="#7dd3c0" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)

export const DEFAULT_AVATAR_INLINE = svg(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#dbe4ee"/><circle cx="32" cy="25" r="12" fill="#8aa0b8"/><path d="M10 60c3-12 12-18 22-18s19 6 22 18z" fill="#8aa0b8"/></svg>',
)
