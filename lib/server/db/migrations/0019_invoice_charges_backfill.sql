-- Invoices drafted before charges were recorded billed MG shortfalls inside their breakdown lines
-- (kept in the invoice's 'create' workflow entry): record them as charges so none is billed twice.
UPDATE "invoices" AS i
SET "charges" = sub.charges
FROM (
  SELECT w."key", jsonb_agg(
           jsonb_build_object('license', l->>'license', 'kind', 'mg_shortfall', 'amount', (l->>'mg_shortfall')::bigint)
         ) AS charges
  FROM "log_workflow" AS w
  CROSS JOIN LATERAL jsonb_array_elements(w."data"->'breakdown'->'lines') AS l
  WHERE w."ref" = 'invoice' AND w."action" = 'create' AND (l->>'mg_shortfall')::bigint > 0
  GROUP BY w."key"
) AS sub
WHERE i."key" = sub."key" AND i."charges" = '[]'::jsonb;
