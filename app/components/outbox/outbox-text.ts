/** The outbox's texts that the page itself says (issue 31); the rest are in outbox.client.ts. */
export const OUTBOX_TEXT = {
  kept: 'No connection. The order is kept on this device and will be sent when you are back online',
  signOutQuestion: (n: number) =>
    `${n === 1 ? 'One order waits' : `${n} orders wait`} in the Outbox on this device. Keep ${n === 1 ? 'it' : 'them'} for your next sign-in here, or discard ${n === 1 ? 'it' : 'them'}?`,
} as const

/** Where the number of items in a user's outbox is mirrored (localStorage), and its event. */
export const keptCountKey = (owner: number) => `outbox-user-${owner}`
export const KEPT_COUNT_EVENT = 'outbox-count'
