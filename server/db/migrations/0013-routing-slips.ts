/**
 * Routing and carrier slips (issue 13, docs/specification.md §7.7 and §7.8).
 *
 * - routing_rules: where a scanned tote ('box') or parcel ('package') goes. A rule matches on the
 *   kind and, when set, the order's carrier, route (mono/multi) and status; the highest priority
 *   wins (server/routing/rules.ts). A null lane sends a parcel to its carrier slip group's dock
 *   lane. The generic rules are inserted here, like the scrap reasons (0003): every database, new
 *   or already running, routes from its first scan; a carrier's own rules are data (the seed's).
 * - carrier_slip_groups: one per carrier (a carrier's pickup: its time, its dock lane). Unique
 *   per carrier, so a labelled parcel's slip is never a choice; a second pickup of the day is the
 *   group's next slip. Every carrier already here gets one, so a running demo upgrades whole.
 * - carrier_slips: always one open slip per group (a trigger opens the first when a group is
 *   added, functions/shipping.sql; closing one opens the next, server/carrier-slips). Numbered per
 *   group, BT-<group>-000012.
 * - slip_parcels: the parcels a closed slip took. A parcel waits on its group's open slip through
 *   a query (labelled, active number, order fully labelled), not a row: labelling and voiding are
 *   other modules' writes, and a voided label then leaves the slip by itself. The row is written
 *   at close, and parcel_id is its key: a parcel is never on two slips, whatever two closes do.
 */
import { type Migration, sql } from 'kysely'

export const routingSlips: Migration = {
  async up(db) {
    await sql`
      create table routing_rules (
        id integer generated always as identity primary key,
        kind text not null check (kind in ('box', 'package')),
        -- null: any carrier, any route, any status.
        carrier_id integer references carriers on delete cascade,
        route text check (route in ('mono', 'multi')),
        order_statuses text[],
        priority integer not null default 0,
        station text not null,
        lane text,
        confirm_required boolean not null default false,
        -- French, shown to the worker as is.
        reason text not null,
        active boolean not null default true
      );

      insert into routing_rules (kind, route, order_statuses, priority, station, lane, confirm_required, reason) values
        ('box', 'multi', '{picked}', 10, 'Poste emballage multi', 'Convoyeur emballage', false,
         'Commande multi préparée : à emballer.'),
        ('box', null, '{picking}', 10, 'Picking', 'Retour préparation', true,
         'Commande en cours de préparation : la caisse retourne au picking.'),
        ('package', null, '{labelled,manifested}', 10, 'Quai expédition', null, false,
         'Colis étiqueté : au quai de son transporteur.'),
        ('package', null, '{packed}', 10, 'Poste emballage multi', 'Commandes incomplètes', true,
         'Les autres colis de la commande ne sont pas encore étiquetés : le colis attend au poste d''emballage.');

      create table carrier_slip_groups (
        id integer generated always as identity primary key,
        -- In the URL and the slip numbers: upper case, short.
        code text not null unique check (code ~ '^[A-Z0-9-]{1,32}$'),
        name text not null,
        carrier_id integer not null unique references carriers on delete cascade,
        -- Warehouse time (Europe/Paris), 'HH:MM'.
        pickup_time text not null check (pickup_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        dock_lane text not null
      );

      create table carrier_slips (
        id integer generated always as identity primary key,
        group_id integer not null references carrier_slip_groups on delete cascade,
        seq integer not null check (seq > 0),
        number text not null unique,
        status text not null default 'open' check (status in ('open', 'closed')),
        opened_at timestamptz not null default now(),
        opened_by integer references users on delete set null,
        closed_at timestamptz,
        closed_by integer references users on delete set null,
        parcel_count integer not null default 0 check (parcel_count >= 0),
        total_weight_grams integer not null default 0 check (total_weight_grams >= 0),
        -- The manifest's title, as the print history lists it; the PDF is drawn from the slip's
        -- rows when fetched (a closed slip never changes, so every fetch draws the same).
        manifest_title text,
        unique (group_id, seq),
        check ((status = 'closed') = (closed_at is not null))
      );
      create unique index carrier_slips_open_idx on carrier_slips (group_id) where status = 'open';

      create table slip_parcels (
        parcel_id integer primary key references parcels,
        slip_id integer not null references carrier_slips on delete cascade,
        -- The number and the weight the manifest declared, as they were at close.
        tracking_number_id integer not null references tracking_numbers,
        weight_grams integer not null check (weight_grams > 0)
      );
      create index slip_parcels_slip_idx on slip_parcels (slip_id);

      insert into carrier_slip_groups (code, name, carrier_id, pickup_time, dock_lane)
      select upper(c.code), 'Enlèvement ' || c.name, c.id, '17:00', 'Quai ' || row_number() over (order by c.id)
        from carriers c where upper(c.code) ~ '^[A-Z0-9-]{1,32}$';
      -- Their first open slip, as the trigger would open it (no app trigger fires during migrations).
      insert into carrier_slips (group_id, seq, number)
      select g.id, 1, 'BT-' || g.code || '-000001' from carrier_slip_groups g;

      -- The pre-flight and the slips read a carrier's orders by status; routing and the dock's
      -- scans find a parcel by its number alone (the unique key starts with the carrier).
      create index orders_carrier_status_idx on orders (carrier_id, status);
      create index tracking_numbers_number_idx on tracking_numbers (number);
    `.execute(db)
  },
}
