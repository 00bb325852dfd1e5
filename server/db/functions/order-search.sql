-- The one search box of 'Information commande' (server/order-information/search.ts), within
-- 100 ms at p95 over 200,000 orders on PGlite: every kind of text it resolves is an index probe
-- (the indexes, and order_search_words behind orders.customer_words: migration 0014, as a stored
-- generated column depends on that function). order_search_probe and order_search_summaries are
-- functions so their plans are cached: on PGlite, planning the probe's union of five look-ups took
-- longer (2 to 40 ms) than running it (about 1 ms).

-- What the text names exactly, by kind: 'shop' the ids of the shops in_shops (slugs) for the
-- queries that follow; the orders of those shops it names: 'order', 'reference' (the shop's own),
-- 'tracking' (active or voided),
-- 'tote' (the order it holds), 'batch'; and 'product' the products it names, with in weight their
-- order lines up to in_cap + 1 (a best seller told from a rare product without counting every
-- line). Exact look-ups only: one generic plan serves every text.
create or replace function order_search_probe(
  in_text text, in_upper text, in_tracking text, in_shops text[], in_cap integer)
  returns table (kind text, id integer, shop_id integer, value text, weight integer)
  language plpgsql stable set plan_cache_mode = force_generic_plan as $fn$
begin
  return query
    with scope as materialized (select s.id from shops s where s.slug = any(in_shops)),
    hits as (
      select 'order'::text as kind, o.id, o.name as value from orders o where lower(o.name) = lower(in_text)
      union all
      -- The shop's own reference (issue 33): unique per shop, read through (shop, reference).
      select 'reference', o.id, o.external_ref
        from scope s join orders o on o.shop_id = s.id and o.external_ref in (in_text, in_upper)
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
create or replace function order_search_summaries(in_ids integer[], in_shops integer[], in_limit integer)
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

-- The newest in_limit orders of the shops in_shops whose customer's words match in_query, among
-- the first in_cap + 1 the GIN index finds, and how many it found (found > in_cap: the page may
-- miss newer ones, the caller walks the newest orders instead). Through the index only, whatever
-- the planner guesses of the words: a prefix no name has ('xq') was guessed common, and the newest
-- orders walked to the last (200 ms over 200,000).
create or replace function order_search_by_words(in_query tsquery, in_shops integer[], in_cap integer, in_limit integer)
  returns table (id integer, found integer)
  language sql stable set enable_seqscan = off set enable_indexscan = off as $fn$
  with m as materialized (
    select o.id, o.created_at from orders o
     where o.customer_words @@ in_query and o.shop_id = any(in_shops)
     limit in_cap + 1)
  select m.id, (select count(*) from m)::integer from m order by m.created_at desc, m.id desc limit in_limit
$fn$;
