/**
 * A workstation may be known by its name alone (issue 16): Chrome masks the local IP behind an
 * mDNS name, and behind a proxy or NAT the request's source address is not the workstation's. Such
 * a browser is named once by an administrator and sends the name (X-Workstation), so its row needs
 * no IP. Unique still holds for the IPs given (PostgreSQL's unique lets several nulls through).
 */
import { type Migration, sql } from 'kysely'

export const workstationByName: Migration = {
  async up(db) {
    await sql`alter table computers alter column ip drop not null`.execute(db)
  },
}
