import { useLocation, useNavigation } from '@remix-run/react'

/** The texts of every list (spec section 2). */
export const LIST_TEXT = { loading: 'Loading....', empty: 'No data in the Table' } as const

/** The admin lists' spelling of the same texts (spec section 2, Admin lists; section 8). */
export const ADMIN_LIST_TEXT = { loading: 'Loading...', empty: 'No data in the table' } as const

/**
 * True while a client-side navigation to another view of this same list is loading (not while
 * the same view reloads after a row's action).
 */
export function useListLoading() {
  const navigation = useNavigation()
  const location = useLocation()
  return (
    navigation.state === 'loading' &&
    navigation.location?.pathname === location.pathname &&
    navigation.location.search !== location.search
  )
}
