/** The states of a pm or pmm account, as the user lists filter them (no zod: pages import it). */
export const USER_STATES = ['enabled', 'disabled', 'deleted'] as const
export type UserState = (typeof USER_STATES)[number]
