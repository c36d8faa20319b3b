// Creates the admin named by ADMIN_EMAIL and ADMIN_PASSWORD (admins never self-register).
import { ensureAdmin } from '../server/bootstrap'

const email = process.env.ADMIN_EMAIL
const password = process.env.ADMIN_PASSWORD
if (!email || !password || password.length < 8) {
  console.error('Set ADMIN_EMAIL and ADMIN_PASSWORD (at least 8 characters).')
  process.exit(1)
}
const admin = await ensureAdmin(email, password)
console.log(`Admin ready: ${admin.email} (role ${admin.role}).`)
