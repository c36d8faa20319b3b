export type ToastType = 'success' | 'error' | 'info'
export type Toast = { id: string; type: ToastType; message: string }

/** Toasts close after 3000 ms in the order and user areas and after 5000 ms elsewhere. */
export function toastDuration(pathname: string) {
  return /^\/(orders|userProfile|user\/|all\/(pm|pmm|user)\b)/.test(pathname) ? 3000 : 5000
}
