-- SPEC §9 global zone (id 173): a company attending it receives reports from anywhere. It is a zone row
-- with that id whose shape is the whole world, so routing (`area @> point`), the zone restrictions and
-- the zone filters treat it like any other zone; the API never draws or edits it. Zone ids are drawn
-- from one sequence for every company, so the sequence moves past 173 and no drawn zone gets that id
-- (a database that already had a drawn zone 173 keeps it, and it would read as global: none exists
-- before this release).
select setval('zones_id_seq', greatest(173, (select coalesce(max(id), 0) from zones)));
