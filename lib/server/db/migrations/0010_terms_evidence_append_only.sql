-- Terms acceptances are evidence of what a person agreed to and when: rows are added, never
-- changed or removed, whatever the code path (issue #22).
CREATE OR REPLACE FUNCTION "terms_acceptances_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'terms acceptances are evidence and cannot be changed or deleted';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "terms_acceptances_no_change" BEFORE UPDATE OR DELETE ON "terms_acceptances" FOR EACH ROW EXECUTE FUNCTION "terms_acceptances_append_only"();
