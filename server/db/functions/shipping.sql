-- Carrier slips (the tables: migration 0013; server/carrier-slips): always one open slip per
-- carrier slip group, numbered per group, BT-<group>-000012.

create or replace function carrier_slip_number(group_code text, seq integer) returns text
  language sql immutable as $fn$ select 'BT-' || group_code || '-' || lpad(seq::text, 6, '0') $fn$;

-- A group added gets its first open slip; closing a slip opens the next (server/carrier-slips).
create or replace function carrier_slip_group_opened() returns trigger language plpgsql as $fn$
begin
  insert into carrier_slips (group_id, seq, number) values (new.id, 1, carrier_slip_number(new.code, 1));
  return null;
end
$fn$;
create or replace trigger carrier_slip_group_opened after insert on carrier_slip_groups
  for each row execute function carrier_slip_group_opened();
