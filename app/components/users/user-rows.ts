import type { Role } from '../../../db/schema'
import type { UserState } from '~/schemas/user-states'

/** A row of an admin user list, as the page gets it. */
export type UserRow = {
  id: number
  name: string
  email: string
  role: Role
  phone: string
  city: string
  country: string
  /** YYYY-MM-DD */
  created: string
  state: UserState
  /** YYYY-MM-DD, for deleted users. */
  deletedOn: string | null
}

/** The row actions that ask first; each is also the URL parameter of its confirm step. */
export const USER_STEPS = ['disable', 'delete'] as const
export type UserStep = (typeof USER_STEPS)[number]

/** What a confirm step asks about (a URL step: `?disable=12`). */
export type UserConfirm = { step: UserStep; id: number; name: string }
