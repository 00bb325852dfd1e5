/**
 * The admin area (issue 16). Users get an `admin` flag (it replaces the stored admin_url: the
 * server hands out its own admin area's address), a `disabled` flag and `sessions_from` (a
 * password reset ends the sessions opened before it); auth_user (functions/auth.sql) answers
 * null for a disabled user, so disabling takes effect on the very next request. Printers declare
 * their language (a Zebra on a raw queue takes ZPL, a driver queue takes PDF); scrap reasons can
 * be retired like the return lists. admin_audit keeps every change made in the admin area: who, when, before, after.
 */
import { type Migration, sql } from 'kysely'

export const admin: Migration = {
  async up(db) {
    await sql`
      alter table users
        add column admin boolean not null default false,
        add column disabled boolean not null default false,
        add column sessions_from timestamptz;
      update users set admin = true where admin_url is not null;

      alter table users drop column admin_url;

      alter table printers
        add column language text not null default 'pdf' check (language in ('pdf', 'zpl'));

      alter table rebut_reasons add column active boolean not null default true;

      create table admin_audit (
        id integer generated always as identity primary key,
        at timestamptz not null default now(),
        actor_id integer references users on delete set null,
        actor text not null,
        entity text not null,
        entity_key text not null,
        action text not null check (action in ('create', 'update', 'delete')),
        before jsonb,
        after jsonb
      );
      create index admin_audit_entity_idx on admin_audit (entity, id);
    `.execute(db)
  },
}
