/*
 * What every signed-in page needs of the outbox (issue 31) before its code is in: where the number
 * of items in a user's outbox is mirrored (localStorage), and its event. The outbox's texts are in
 * outbox.client.ts (OUTBOX_MESSAGES), which comes with the outbox's code: no page pays for them
 * before.
 */
export const keptCountKey = (owner: number) => `outbox-user-${owner}`
export const KEPT_COUNT_EVENT = 'outbox-count'
