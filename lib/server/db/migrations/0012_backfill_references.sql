-- Every record people talk about gets its reference number (lib/server/refs), numbered per kind
-- and year (Japan time) in order of creation, in the default formats (PREFIX-YYYY-NNNN). The
-- counters then continue after the numbers given here, so no number is ever given twice.

UPDATE "usages" SET reference = numbered.reference FROM (
  SELECT key, 'USE-' || y || '-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END AS reference
  FROM (
    SELECT key, to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') AS y, row_number() OVER (PARTITION BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') ORDER BY date_created, key) AS n
    FROM "usages" WHERE reference IS NULL
  ) ordered
) numbered WHERE "usages".key = numbered.key;
--> statement-breakpoint
INSERT INTO reference_counters (holder, kind, period, last)
SELECT coalesce((SELECT key FROM holders WHERE is_default ORDER BY date_created LIMIT 1), ''), 'usage', to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY'), count(*)
FROM "usages" WHERE true GROUP BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY')
ON CONFLICT (holder, kind, period) DO UPDATE SET last = greatest(reference_counters.last, excluded.last);
--> statement-breakpoint
UPDATE "ips" SET reference = numbered.reference FROM (
  SELECT key, 'IP-' || y || '-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END AS reference
  FROM (
    SELECT key, to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') AS y, row_number() OVER (PARTITION BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') ORDER BY date_created, key) AS n
    FROM "ips" WHERE reference IS NULL AND kind <> 'primary'
  ) ordered
) numbered WHERE "ips".key = numbered.key;
--> statement-breakpoint
INSERT INTO reference_counters (holder, kind, period, last)
SELECT coalesce((SELECT key FROM holders WHERE is_default ORDER BY date_created LIMIT 1), ''), 'ip', to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY'), count(*)
FROM "ips" WHERE kind <> 'primary' GROUP BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY')
ON CONFLICT (holder, kind, period) DO UPDATE SET last = greatest(reference_counters.last, excluded.last);
--> statement-breakpoint
UPDATE "ips" SET reference = numbered.reference FROM (
  SELECT key, 'PIP-' || y || '-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END AS reference
  FROM (
    SELECT key, to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') AS y, row_number() OVER (PARTITION BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') ORDER BY date_created, key) AS n
    FROM "ips" WHERE reference IS NULL AND kind = 'primary'
  ) ordered
) numbered WHERE "ips".key = numbered.key;
--> statement-breakpoint
INSERT INTO reference_counters (holder, kind, period, last)
SELECT coalesce((SELECT key FROM holders WHERE is_default ORDER BY date_created LIMIT 1), ''), 'primary_ip', to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY'), count(*)
FROM "ips" WHERE kind = 'primary' GROUP BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY')
ON CONFLICT (holder, kind, period) DO UPDATE SET last = greatest(reference_counters.last, excluded.last);
--> statement-breakpoint
UPDATE "licenses" SET reference = numbered.reference FROM (
  SELECT key, 'LIC-' || y || '-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END AS reference
  FROM (
    SELECT key, to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') AS y, row_number() OVER (PARTITION BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') ORDER BY date_created, key) AS n
    FROM "licenses" WHERE reference IS NULL
  ) ordered
) numbered WHERE "licenses".key = numbered.key;
--> statement-breakpoint
INSERT INTO reference_counters (holder, kind, period, last)
SELECT coalesce((SELECT key FROM holders WHERE is_default ORDER BY date_created LIMIT 1), ''), 'license', to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY'), count(*)
FROM "licenses" WHERE true GROUP BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY')
ON CONFLICT (holder, kind, period) DO UPDATE SET last = greatest(reference_counters.last, excluded.last);
--> statement-breakpoint
UPDATE "products" SET reference = numbered.reference FROM (
  SELECT key, 'PRD-' || y || '-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END AS reference
  FROM (
    SELECT key, to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') AS y, row_number() OVER (PARTITION BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') ORDER BY date_created, key) AS n
    FROM "products" WHERE reference IS NULL
  ) ordered
) numbered WHERE "products".key = numbered.key;
--> statement-breakpoint
INSERT INTO reference_counters (holder, kind, period, last)
SELECT coalesce((SELECT key FROM holders WHERE is_default ORDER BY date_created LIMIT 1), ''), 'product', to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY'), count(*)
FROM "products" WHERE true GROUP BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY')
ON CONFLICT (holder, kind, period) DO UPDATE SET last = greatest(reference_counters.last, excluded.last);
--> statement-breakpoint
UPDATE "sales_reports" SET reference = numbered.reference FROM (
  SELECT key, 'RPT-' || y || '-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END AS reference
  FROM (
    SELECT key, to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') AS y, row_number() OVER (PARTITION BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') ORDER BY date_created, key) AS n
    FROM "sales_reports" WHERE reference IS NULL
  ) ordered
) numbered WHERE "sales_reports".key = numbered.key;
--> statement-breakpoint
INSERT INTO reference_counters (holder, kind, period, last)
SELECT coalesce((SELECT key FROM holders WHERE is_default ORDER BY date_created LIMIT 1), ''), 'sales_report', to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY'), count(*)
FROM "sales_reports" WHERE true GROUP BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY')
ON CONFLICT (holder, kind, period) DO UPDATE SET last = greatest(reference_counters.last, excluded.last);
--> statement-breakpoint
UPDATE "invoices" SET reference = numbered.reference FROM (
  SELECT key, 'INV-' || y || '-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END AS reference
  FROM (
    SELECT key, to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') AS y, row_number() OVER (PARTITION BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') ORDER BY date_created, key) AS n
    FROM "invoices" WHERE reference IS NULL
  ) ordered
) numbered WHERE "invoices".key = numbered.key;
--> statement-breakpoint
INSERT INTO reference_counters (holder, kind, period, last)
SELECT coalesce((SELECT key FROM holders WHERE is_default ORDER BY date_created LIMIT 1), ''), 'invoice', to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY'), count(*)
FROM "invoices" WHERE true GROUP BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY')
ON CONFLICT (holder, kind, period) DO UPDATE SET last = greatest(reference_counters.last, excluded.last);
--> statement-breakpoint
UPDATE "invitations" SET reference = numbered.reference FROM (
  SELECT key, 'IVT-' || y || '-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END AS reference
  FROM (
    SELECT key, to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') AS y, row_number() OVER (PARTITION BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY') ORDER BY date_created, key) AS n
    FROM "invitations" WHERE reference IS NULL
  ) ordered
) numbered WHERE "invitations".key = numbered.key;
--> statement-breakpoint
INSERT INTO reference_counters (holder, kind, period, last)
SELECT coalesce((SELECT key FROM holders WHERE is_default ORDER BY date_created LIMIT 1), ''), 'invitation', to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY'), count(*)
FROM "invitations" WHERE true GROUP BY to_char(date_created AT TIME ZONE 'Asia/Tokyo', 'YYYY')
ON CONFLICT (holder, kind, period) DO UPDATE SET last = greatest(reference_counters.last, excluded.last);
