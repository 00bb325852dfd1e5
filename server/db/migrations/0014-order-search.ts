/**
 * Order information (issue 14, docs/specification.md §2.1): the indexes of the one search box, and the files a shop
 * sends with a customised order.
 *
 * The search (server/order-information/search.ts) answers within 100 ms at p95 over 200,000 orders
 * on PGlite, so every kind of text it resolves is an index probe:
 * - an order number, any case: lower(name); a customer's email, any case: lower(customer_email);
 * - a product's EAN-13 or SKU (their indexes are 0001's and 0004's), then the orders having a
 *   line of it: order_lines (product_id, order_id);
 * - a customer's name, by the beginnings of its words, accents and case aside ('dub', 'lea dub',
 *   'Éloïse'): orders.customer_words, the name's words (order_search_words), with a GIN index.
 *   Stored, not only indexed: a common name is found by walking the newest orders and testing each
 *   one's words, which must not mean folding and parsing its name again (~0.1 ms a row on PGlite).
 *   Full-text prefix queries rather than pg_trgm: PGlite ships pg_trgm as an extension every
 *   PGlite instance would have to load (and a PostgreSQL server might not allow), and nobody
 *   searches the middle of a name;
 * - newest first: orders (created_at, id), which a wide match (a best seller, a common name) walks
 *   backwards until the page is full instead of sorting thousands of rows.
 * A tracking number (0013), a tote (its key), a batch name (its unique key) already have theirs.
 *
 * order_search_words stays here, its one home: the stored column depends on it, so it is schema
 * (server/db/functions.ts spares it; changing it means a migration that recomputes the column).
 * The search's other functions: functions/order-search.sql.
 *
 * customization_files: a file of an order, of one of its lines when it is about that line (a
 * proof of the engraving) or of the whole order (the job sheet). `content` holds the file as the
 * shop sent it; `generator` names a file drawn here when fetched instead (the demo's, so seeding
 * thousands of customised orders writes rows, not files): 'proof' an SVG of the line's engraving,
 * 'sheet' the order's one-page PDF job sheet (server/documents/customization-file.ts).
 */
import { type Migration, sql } from 'kysely'

export const orderSearch: Migration = {
  async up(db) {
    await sql`
      -- The words of a name, accents and case folded ('Éloïse N''Diaye' → eloise, n, diaye). Upper
      -- and lower case letters both listed: lower() of a non-ASCII letter depends on the locale.
      create function order_search_words(name text) returns tsvector
        language sql immutable parallel safe as $fn$
        select to_tsvector('simple'::regconfig, lower(translate(name,
          'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ',
          'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy')))
      $fn$;
      alter table orders
        add column customer_words tsvector generated always as (order_search_words(customer_name)) stored;

      create index orders_name_lower_idx on orders (lower(name));
      create index orders_email_lower_idx on orders (lower(customer_email));
      create index orders_customer_words_idx on orders using gin (customer_words);
      create index orders_created_idx on orders (created_at, id);
      create index order_lines_product_idx on order_lines (product_id, order_id);

      create table customization_files (
        id integer generated always as identity primary key,
        order_id integer not null references orders on delete cascade,
        order_line_id integer references order_lines on delete cascade,
        -- As the worker reads it, and the file's name when saved.
        name text not null check (length(name) between 1 and 200),
        mime_type text not null,
        content bytea,
        generator text check (generator in ('proof', 'sheet')),
        created_at timestamptz not null default now(),
        check ((content is null) <> (generator is null))
      );
      create index customization_files_order_idx on customization_files (order_id);
    `.execute(db)
  },
}
