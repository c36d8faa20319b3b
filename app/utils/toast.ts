export type ToastType = 'success' | 'error' | 'info'
/**
 * A toast's Undo (issue 30): a form posted to `action` with these hidden fields, shown in the toast
 * for UNDO_TOAST_MS, with JavaScript or without.
 */
export type ToastUndo = { action: string; fields: Record<string, string> }
export type Toast = { id: string; type: ToastType; message: string; undo?: ToastUndo }

/** A toast with an Undo stays while its Undo may act (the bulk changes' 10 seconds). */
export const UNDO_TOAST_MS = 10000

/** Toasts close after 3000 ms in the order and user areas and after 5000 ms elsewhere. */
export function toastDuration(pathname: string) {
  return /^\/(orders|userProfile|user\/|all\/(pm|pmm|user)\b)/.test(pathname) ? 3000 : 5000
}
