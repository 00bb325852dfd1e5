-- News back to the shops (issue 34, docs/webhooks.md): the events of the transactional outbox
-- (tables: migration 0033) and their deliveries, made in the transaction of the change they report.
-- The payloads' shapes are the contract's (contract/events.ts); server/webhooks/events.test.ts checks
-- that what these functions write parses with it.

-- shop_events_fan_out: one delivery per new event and endpoint of its shop that wants its type
-- (paused ones too: they get it once resumed), then one NOTIFY so that the dispatchers wake at
-- once (server/webhooks/dispatcher.ts). Statement level: a print of 200 orders makes one insert.
create or replace function shop_events_fan_out() returns trigger language plpgsql as $fn$
begin
  insert into webhook_deliveries (event_id, endpoint_id, ordering_key)
  select e.id, w.id, e.ordering_key
    from added_events e
    join webhook_endpoints w on w.shop_id = e.shop_id and e.type = any (w.event_types)
   order by e.id, w.id;
  if found then
    perform pg_notify('shop_events', '');
  end if;
  return null;
end
$fn$;

create or replace trigger shop_events_fan_out after insert on shop_events
  referencing new table as added_events for each statement execute function shop_events_fan_out();

-- order_ref(order): how an event names an order: the shop's reference (null for an order that did
-- not come from the shop's systems) and the warehouse's name.
create or replace function shop_event_order_ref(o orders) returns jsonb language sql stable as $fn$
  select jsonb_build_object('reference', o.external_ref, 'name', o.name)
$fn$;

-- shop_event_shipped(order id): order.shipped's data: the carrier and service, every parcel that
-- left with its weight and tracking number, and the slips that took them. PL/pgSQL, not SQL: a
-- SQL function of PostgreSQL 15 is planned again at each call, 0.6 ms of a five-table join per
-- shipped order (bench:webhooks), where PL/pgSQL keeps its plan for the connection's life.
create or replace function shop_event_shipped(in_order integer) returns jsonb language plpgsql stable as $fn$
begin
  return (select jsonb_build_object(
    'carrier', (select c.code from carriers c where c.id = o.carrier_id),
    'service', o.carrier_service,
    'parcels', coalesce((
      select jsonb_agg(jsonb_build_object(
               'number', p.seq,
               'weightGrams', coalesce(sp.weight_grams, p.weight_grams, p.estimated_grams),
               'trackingNumber', t.number,
               'carrier', tc.code,
               'service', t.service,
               'slip', s.number) order by p.seq)
        from parcels p
        join tracking_numbers t on t.parcel_id = p.id and t.status = 'active'
        join carriers tc on tc.id = t.carrier_id
        left join slip_parcels sp on sp.parcel_id = p.id
        left join carrier_slips s on s.id = sp.slip_id
       where p.order_id = o.id and p.status = 'shipped'), '[]'::jsonb))
  from orders o where o.id = in_order);
end
$fn$;

-- order_status_events: every status change of an order of a shop with an endpoint that wants it (order_status_history: changeStatus,
-- server/orders/status.ts) is order.status_changed; some also say more: order.shipped,
-- order.cancelled, order.exception (set aside or short), order.exception_resolved. One insert per
-- statement, in the history's order, the general event before the particular one.
create or replace function order_status_events() returns trigger language plpgsql as $fn$
begin
  insert into shop_events (shop_id, type, ordering_key, data)
  select o.shop_id, v.type, 'order:' || o.id,
         jsonb_build_object('order', shop_event_order_ref(o), 'at', h.at) || v.data
    from added_history h
    -- A shop with no endpoint writes nothing: no event rows for nobody, and no payload built.
    join orders o on o.id = h.order_id
                 and exists (select 1 from webhook_endpoints w where w.shop_id = o.shop_id)
    cross join lateral (values
      (1, 'order.status_changed',
       jsonb_build_object('from', h.from_status, 'to', h.to_status, 'reason', h.reason)),
      (2, case
            when h.to_status = 'shipped' then 'order.shipped'
            when h.to_status = 'cancelled' then 'order.cancelled'
            when h.to_status = 'exception' then 'order.exception'
            when h.from_status = 'exception' then 'order.exception_resolved'
          end,
       case
         when h.to_status = 'shipped' then shop_event_shipped(o.id)
         when h.to_status = 'exception' then jsonb_build_object('kind', o.hold_kind, 'reason', h.reason)
         when h.from_status = 'exception' then jsonb_build_object('to', h.to_status, 'reason', h.reason)
         else jsonb_build_object('reason', h.reason)
       end)
    ) as v (n, type, data)
   where v.type is not null
     and exists (select 1 from webhook_endpoints w where w.shop_id = o.shop_id and v.type = any (w.event_types))
   order by h.id, v.n;
  return null;
end
$fn$;

create or replace trigger order_status_events after insert on order_status_history
  referencing new table as added_history for each statement execute function order_status_events();
