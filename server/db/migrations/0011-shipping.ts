/**
 * Shipping, first part (issue 13): box types and the carriers that accept them, product weights,
 * parcels and their lines, and the tracking numbers the label slice will issue.
 *
 * - A box type is what a packer takes from the shelf (Carton S, Enveloppe matelassée…): its inner
 *   size, its tare and the most it may carry. A carrier accepts a box type only when a row of
 *   box_type_carriers says so (Colissimo refuses a box whose sides add up to more than 150 cm).
 * - A product's weight makes every parcel's estimated weight (tare + Σ quantity × weight); its
 *   default box type is the one a mono unit goes into without asking (null: the packer chooses).
 *   Per product rather than per order type: what fits a unit is a matter of its size, and a mono
 *   order of a floor lamp and one of a lip balm share their type.
 * - A carrier's label_failure drives the demo carriers (server/carriers): 'never', 'always',
 *   'address' (refuses an address it cannot read), or a rate between 0 and 1 ('0.2').
 * - A parcel is numbered per order (seq). Only an 'open' parcel may change; a parcel whose label
 *   was voided goes back to 'open'; one taken out of the packaging once it had a tracking number is
 *   'voided' (kept for the numbers' history), otherwise it is deleted.
 * - Estimated weight is stored, not derived: a carrier slip sums what was declared that day, even
 *   if a product's weight is corrected later.
 */
import { type Migration, sql } from 'kysely'

export const shipping: Migration = {
  async up(db) {
    await sql`
      create table box_types (
        id integer generated always as identity primary key,
        -- Scanned from the packing table's box labels: upper case, short.
        code text not null unique check (code ~ '^[A-Z0-9-]{1,16}$'),
        name text not null,
        inner_length_mm integer not null check (inner_length_mm > 0),
        inner_width_mm integer not null check (inner_width_mm > 0),
        inner_height_mm integer not null check (inner_height_mm > 0),
        tare_grams integer not null check (tare_grams >= 0),
        max_weight_grams integer not null,
        check (max_weight_grams > tare_grams)
      );

      create table box_type_carriers (
        box_type_id integer not null references box_types on delete cascade,
        carrier_id integer not null references carriers on delete cascade,
        primary key (box_type_id, carrier_id)
      );
      create index box_type_carriers_carrier_idx on box_type_carriers (carrier_id);

      -- 500 g until the catalogue says otherwise: a plausible parcel rather than a weightless one.
      alter table products
        add column weight_grams integer not null default 500 check (weight_grams > 0),
        add column default_box_type_id integer references box_types;

      alter table carriers
        add column max_parcel_grams integer not null default 30000 check (max_parcel_grams > 0),
        add column label_failure text not null default 'never'
          check (label_failure in ('never', 'always', 'address')
                 or label_failure ~ '^(0(\\.[0-9]+)?|1(\\.0+)?)$');

      create table parcels (
        id integer generated always as identity primary key,
        order_id integer not null references orders on delete cascade,
        seq integer not null check (seq > 0),
        box_type_id integer not null references box_types,
        -- Measured on the scale; null until weighed.
        weight_grams integer check (weight_grams > 0),
        estimated_grams integer not null check (estimated_grams >= 0),
        status text not null default 'open'
          check (status in ('open', 'labelled', 'voided', 'manifested', 'shipped')),
        created_at timestamptz not null default now(),
        created_by integer references users on delete set null,
        updated_at timestamptz not null default now(),
        unique (order_id, seq)
      );

      create table parcel_lines (
        parcel_id integer not null references parcels on delete cascade,
        order_line_id integer not null references order_lines,
        quantity integer not null check (quantity > 0),
        primary key (parcel_id, order_line_id)
      );
      create index parcel_lines_order_line_idx on parcel_lines (order_line_id);

      -- One label per parcel at a time (OCA base_delivery_carrier_label): a voided number stays
      -- beside the next one, and a number is never issued twice by one carrier.
      create table tracking_numbers (
        id integer generated always as identity primary key,
        parcel_id integer not null references parcels,
        carrier_id integer not null references carriers,
        number text not null,
        service text,
        -- 'manual': typed in from another system, so no carrier label must be made for it.
        source text not null default 'api' check (source in ('api', 'manual')),
        status text not null default 'active' check (status in ('active', 'voided')),
        label_zpl text,
        -- The parcel n/N the label printed: a reprint draws the same, even once the order's open
        -- parcels have changed around it.
        parcel_number integer not null check (parcel_number > 0),
        parcel_count integer not null check (parcel_count >= parcel_number),
        created_at timestamptz not null default now(),
        created_by integer references users on delete set null,
        voided_at timestamptz,
        unique (carrier_id, number)
      );
      create unique index tracking_numbers_active_idx on tracking_numbers (parcel_id) where status = 'active';
    `.execute(db)
  },
}
