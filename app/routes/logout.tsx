import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { signOut } from '~/utils/auth.server'

export async function loader() {
  return redirect('/login')
}

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request)
}
