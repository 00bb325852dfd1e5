/** A new site's first hour (issue 16): the first administrator, on a site without any user. */
export { SetupScreen } from './components/setup-screen.tsx'
export { FirstAdminOffer } from './components/first-admin-offer.tsx'
export { setupKeys, setupStatusQuery } from './status.ts'
