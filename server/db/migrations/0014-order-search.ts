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
 * order_search_probe (every identifier at once) and order_search_summaries (the orders found, as
 * listed) are functions so their plans are cached: on PGlite, planning the probe's union of five
 * look-ups took longer (2 to 40 ms) than running it (about 1 ms). order_search_by_words finds a
 * name's orders through its index only (see there).
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

      -- What the text names exactly, by kind: 'shop' the ids of the shops in_shops (slugs) for the
      -- queries that follow; the orders of those shops it names: 'order', 'tracking' (active or
      -- voided), 'tote' (the order it holds), 'batch'; and 'product' the products it names, with in
      -- weight their order lines up to in_cap + 1 (a best seller told from a rare product without
      -- counting every line). Exact look-ups only: one generic plan serves every text.
      create function order_search_probe(
        in_text text, in_upper text, in_tracking text, in_shops text[], in_cap integer)
        returns table (kind text, id integer, shop_id integer, value text, weight integer)
        language plpgsql stable set plan_cache_mode = force_generic_plan as $fn$
      begin
        return query
          with scope as materialized (select s.id from shops s where s.slug = any(in_shops)),
          hits as (
            select 'order'::text as kind, o.id, o.name as value from orders o where lower(o.name) = lower(in_text)
            union all
            select 'tracking', p.order_id, t.number
              from tracking_numbers t join parcels p on p.id = t.parcel_id
             where t.number = in_tracking
            union all
            select 'tote', t.order_id, t.code from totes t where t.code = in_upper and t.order_id is not null
            union all
            select 'batch', bo.order_id, b.name
              from picking_batches b join batch_orders bo on bo.batch_id = b.id
             where b.name = in_upper or b.name = in_text
          )
          select 'shop', s.id, s.id, null::text, null::integer from scope s
          union all
          select h.kind, h.id, o.shop_id, h.value, null::integer
            from hits h join orders o on o.id = h.id
           where o.shop_id in (select s.id from scope s)
          union all
          select 'product', pr.id, pr.shop_id, case when pr.ean13 = in_text then pr.ean13 else pr.sku end,
                 (select count(*) from (select 1 from order_lines l where l.product_id = pr.id
                                          limit in_cap + 1) x)::integer
            from products pr
           where (pr.ean13 = in_text or pr.sku = in_upper) and pr.shop_id in (select s.id from scope s);
      end
      $fn$;

      -- The orders in_ids of the shops in_shops (ids) as a result lists them, newest first, at most
      -- in_limit. Its generic plan reads them by key whatever their number (a rare product's few
      -- thousand): planned with the values, a few thousand ids became a scan of every order.
      create function order_search_summaries(in_ids integer[], in_shops integer[], in_limit integer)
        returns table (id integer, name text, shop_id integer, shop_slug text, shop_name text, status text,
                       picking_type text, customer_name text, customer_email text, carrier_code text,
                       carrier_name text, units integer, created_at timestamptz)
        language plpgsql stable set plan_cache_mode = force_generic_plan as $fn$
      begin
        return query
          select o.id, o.name, o.shop_id, s.slug, s.name, o.status, o.picking_type, o.customer_name,
                 o.customer_email, c.code, c.name,
                 (select coalesce(sum(l.quantity), 0)::integer from order_lines l where l.order_id = o.id),
                 o.created_at
            from (select x.id, x.created_at from orders x
                   where x.id = any(in_ids) and x.shop_id = any(in_shops)
                   order by x.created_at desc, x.id desc
                   limit in_limit) page
            join orders o on o.id = page.id
            join shops s on s.id = o.shop_id
            left join carriers c on c.id = o.carrier_id
           order by o.created_at desc, o.id desc;
      end
      $fn$;

      -- The newest in_limit orders of the shops in_shops whose customer's words match in_query,
      -- among the first in_cap + 1 the GIN index finds, and how many it found (found > in_cap: the
      -- page may miss newer ones, the caller walks the newest orders instead). Through the index
      -- only, whatever the planner guesses of the words: a prefix no name has ('xq') was guessed
      -- common, and the newest orders walked to the last (200 ms over 200,000).
      create function order_search_by_words(in_query tsquery, in_shops integer[], in_cap integer, in_limit integer)
        returns table (id integer, found integer)
        language sql stable set enable_seqscan = off set enable_indexscan = off as $fn$
        with m as materialized (
          select o.id, o.created_at from orders o
           where o.customer_words @@ in_query and o.shop_id = any(in_shops)
           limit in_cap + 1)
        select m.id, (select count(*) from m)::integer from m order by m.created_at desc, m.id desc limit in_limit
      $fn$;

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
