-- custom SQL (issue #17 item 3): the directory's typo-tolerant search corrects the query against a vocabulary
-- of the words in the hub's directory entries (names, companies, roles, schools, majors, industries, …) with
-- pg_trgm, then matches the corrected words with full text (search_vector's GIN index), instead of ranking
-- every entry by word_similarity over its whole search text.
--
-- directory_terms: the distinct words (lexemes of search_vector with a letter, 3+ characters) of one hub's
-- entries, added by a trigger whenever entries are written (insert … on conflict do nothing: no row lock
-- shared between people editing their profiles). Words nobody uses any more stay until
-- app_rebuild_directory_search() runs (owner); a stale word only adds a correction that matches no entry.
-- Never returned by the API: it only widens a query.
--
-- directory_facet_counts: maintained facet counts, so that the directory without a text query counts its
-- facets from a few hundred rows instead of every entry of the hub. One row per hub, user type (the zero
-- uuid for none), industry ('' for any) and graduation year (0 for any) holds the number of entries with
-- that user type, that industry among their industries and that year among their years: each entry counts
-- once in (type, '', 0), (type, industry, 0), (type, '', year) and (type, industry, year). That answers every
-- facet exactly for any user types, at most one industry and at most one year (user types are one per
-- entry, so their counts add up); other filters count from the entries (directory.queries.ts). Statement
-- triggers on directory_entries keep it, so cascaded deletes count too; rows at 0 stay.
-- The hub's entries as a bitmap from a small index (hub_id alone deduplicates to ~1 MB for 138 000 entries,
-- against 7 MB for the primary key), ANDed with the full-text match of search_vector's GIN index.
CREATE INDEX "directory_entries_hub_idx" ON "directory_entries" USING btree ("hub_id");--> statement-breakpoint
CREATE TABLE "directory_terms" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "directory_terms_hub_id_term_pk" PRIMARY KEY("hub_id","term")
);
--> statement-breakpoint
ALTER TABLE "directory_terms" ADD CONSTRAINT "directory_terms_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_terms" ADD CONSTRAINT "directory_terms_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Trigram candidates for a misspelt word (term % 'mircosoft'), then filtered to the hub.
CREATE INDEX "directory_terms_trgm_idx" ON "directory_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directory_terms_cluster_idx" ON "directory_terms" USING btree ("cluster_id");--> statement-breakpoint
-- Same visibility as directory_entries (cluster, and a hub the request may see), with every helper in a
-- scalar subquery so the planner evaluates it once per statement (an initPlan), not once per row.
ALTER TABLE "directory_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "directory_terms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "directory_terms_tenant" ON "directory_terms"
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE TABLE "directory_facet_counts" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_type_id" uuid NOT NULL,
	"industry" text NOT NULL,
	"graduation_year" integer NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "directory_facet_counts_pk" PRIMARY KEY("hub_id","user_type_id","industry","graduation_year")
);
--> statement-breakpoint
ALTER TABLE "directory_facet_counts" ADD CONSTRAINT "directory_facet_counts_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_facet_counts" ADD CONSTRAINT "directory_facet_counts_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_facet_counts_cluster_idx" ON "directory_facet_counts" USING btree ("cluster_id");--> statement-breakpoint
ALTER TABLE "directory_facet_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "directory_facet_counts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "directory_facet_counts_tenant" ON "directory_facet_counts"
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
-- directory_term_facets: the facet counts of the entries holding one word of the vocabulary (facet 't' user
-- type id, 'i' industry, 'y' graduation year), so that a one-word search without filters whose word expands
-- to a single word of the hub ('mircosoft' corrected to microsoft, 'microso' a prefix of it alone) counts its
-- facets from a few dozen rows instead of reading every matching entry (3 786 heap rows for microsoft in
-- the scale dataset's largest hub). Kept by the same triggers; rows at 0 stay.
CREATE TABLE "directory_term_facets" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"term" text NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "directory_term_facets_pk" PRIMARY KEY("hub_id","term","facet","value")
);
--> statement-breakpoint
ALTER TABLE "directory_term_facets" ADD CONSTRAINT "directory_term_facets_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_term_facets" ADD CONSTRAINT "directory_term_facets_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_term_facets_cluster_idx" ON "directory_term_facets" USING btree ("cluster_id");--> statement-breakpoint
ALTER TABLE "directory_term_facets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "directory_term_facets" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "directory_term_facets_tenant" ON "directory_term_facets"
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
-- The (word, facet, value) keys of one entry: its vocabulary words (as directory_terms takes them) times its
-- user type, industries and graduation years.
CREATE OR REPLACE FUNCTION app_directory_term_facet_keys(entry_vector tsvector, entry_user_type_id uuid, entry_industries text[], entry_years integer[])
  RETURNS TABLE (term text, facet text, value text) LANGUAGE sql IMMUTABLE
  AS $$
    SELECT w.lexeme, k.facet, k.value
    FROM unnest($1) w,
      (SELECT 't'::text, $2::text WHERE $2 IS NOT NULL
       UNION SELECT 'i', unnest($3)
       UNION SELECT 'y', unnest($4)::text) k(facet, value)
    WHERE length(w.lexeme) >= 3 AND w.lexeme ~ '[[:alpha:]]'
  $$;--> statement-breakpoint
-- The facet keys of one entry (see directory_facet_counts).
CREATE OR REPLACE FUNCTION app_directory_facet_keys(entry_user_type_id uuid, entry_industries text[], entry_years integer[])
  RETURNS TABLE (user_type_id uuid, industry text, graduation_year integer) LANGUAGE sql IMMUTABLE
  AS $$
    SELECT coalesce($1, '00000000-0000-0000-0000-000000000000'::uuid), i.v, y.v
    FROM (SELECT ''::text UNION SELECT unnest($2)) i(v), (SELECT 0 UNION SELECT unnest($3)) y(v)
  $$;--> statement-breakpoint
-- Runs as the writer of the entries (row-level security applies: the same tenant and hub as the entries).
-- Decrements only update existing rows, so a hub being deleted (its counts cascade too) never gets new ones.
-- Rows are touched in key order, so two writers of the same hub wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION app_directory_entries_changed() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      PERFORM 1 FROM directory_facet_counts c
        JOIN (SELECT DISTINCT o.hub_id, k.user_type_id, k.industry, k.graduation_year
              FROM old_rows o, app_directory_facet_keys(o.user_type_id, o.industries, o.graduation_years) k) d
          ON c.hub_id = d.hub_id AND c.user_type_id = d.user_type_id AND c.industry = d.industry
             AND c.graduation_year = d.graduation_year
        ORDER BY c.hub_id, c.user_type_id, c.industry, c.graduation_year
        FOR UPDATE OF c;
      UPDATE directory_facet_counts c SET entries = c.entries - d.n
        FROM (SELECT o.hub_id, k.user_type_id, k.industry, k.graduation_year, count(*)::int AS n
              FROM old_rows o, app_directory_facet_keys(o.user_type_id, o.industries, o.graduation_years) k
              GROUP BY 1, 2, 3, 4) d
        WHERE c.hub_id = d.hub_id AND c.user_type_id = d.user_type_id AND c.industry = d.industry
          AND c.graduation_year = d.graduation_year;
      PERFORM 1 FROM directory_term_facets f
        JOIN (SELECT DISTINCT o.hub_id, k.term, k.facet, k.value
              FROM old_rows o, app_directory_term_facet_keys(o.search_vector, o.user_type_id, o.industries, o.graduation_years) k) d
          ON f.hub_id = d.hub_id AND f.term = d.term AND f.facet = d.facet AND f.value = d.value
        ORDER BY f.hub_id, f.term, f.facet, f.value
        FOR UPDATE OF f;
      UPDATE directory_term_facets f SET entries = f.entries - d.n
        FROM (SELECT o.hub_id, k.term, k.facet, k.value, count(*)::int AS n
              FROM old_rows o, app_directory_term_facet_keys(o.search_vector, o.user_type_id, o.industries, o.graduation_years) k
              GROUP BY 1, 2, 3, 4) d
        WHERE f.hub_id = d.hub_id AND f.term = d.term AND f.facet = d.facet AND f.value = d.value;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO directory_facet_counts (cluster_id, hub_id, user_type_id, industry, graduation_year, entries)
        SELECT n.cluster_id, n.hub_id, k.user_type_id, k.industry, k.graduation_year, count(*)::int
        FROM new_rows n, app_directory_facet_keys(n.user_type_id, n.industries, n.graduation_years) k
        GROUP BY n.cluster_id, n.hub_id, k.user_type_id, k.industry, k.graduation_year
        ORDER BY n.hub_id, k.user_type_id, k.industry, k.graduation_year
        ON CONFLICT (hub_id, user_type_id, industry, graduation_year)
          DO UPDATE SET entries = directory_facet_counts.entries + excluded.entries;
      INSERT INTO directory_term_facets (cluster_id, hub_id, term, facet, value, entries)
        SELECT n.cluster_id, n.hub_id, k.term, k.facet, k.value, count(*)::int
        FROM new_rows n, app_directory_term_facet_keys(n.search_vector, n.user_type_id, n.industries, n.graduation_years) k
        GROUP BY n.cluster_id, n.hub_id, k.term, k.facet, k.value
        ORDER BY n.hub_id, k.term, k.facet, k.value
        ON CONFLICT (hub_id, term, facet, value)
          DO UPDATE SET entries = directory_term_facets.entries + excluded.entries;
      INSERT INTO directory_terms (cluster_id, hub_id, term)
        SELECT DISTINCT n.cluster_id, n.hub_id, w.lexeme
        FROM new_rows n, unnest(n.search_vector) w
        WHERE length(w.lexeme) >= 3 AND w.lexeme ~ '[[:alpha:]]'
        ORDER BY n.hub_id, w.lexeme
        ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER directory_entries_inserted AFTER INSERT ON directory_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_directory_entries_changed();--> statement-breakpoint
CREATE TRIGGER directory_entries_updated AFTER UPDATE ON directory_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_directory_entries_changed();--> statement-breakpoint
CREATE TRIGGER directory_entries_deleted AFTER DELETE ON directory_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_directory_entries_changed();--> statement-breakpoint
-- The entries of a hub matching a full-text query, for the directory search, with tier 0 when they also
-- match p_exact (the query as typed) and 1 when only through a correction. Under row-level security the
-- planner may not use a non-leakproof operator such as @@ (or &&, %) as an index condition, since it would
-- then run before the policy: as commons_app the search read every entry of the hub (12 183 heap blocks for
-- the 20 403 entries of the scale dataset's largest hub) to test its search_vector. As the owner, this
-- ANDs search_vector's GIN index with the hub index (3 438 blocks for 3 786 matches). Bound like the
-- policy of directory_entries: the request's cluster and a hub the request may see; answers nothing else.
-- Dynamic SQL, so each call is planned with its query (a rare word: the GIN index alone).
CREATE OR REPLACE FUNCTION app_directory_matches(p_hub bigint, p_query text, p_exact text)
  RETURNS TABLE (user_id uuid, sort_name text, user_type_id uuid, industries text[], graduation_years integer[], tier integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF app_cluster_id() IS NULL OR NOT app_can_see_hub(p_hub) THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE
      'SELECT d.user_id, d.sort_name, d.user_type_id, d.industries, d.graduation_years,
              CASE WHEN d.search_vector @@ to_tsquery(''simple'', $3) THEN 0 ELSE 1 END
       FROM directory_entries d
       WHERE d.hub_id = $1 AND d.cluster_id = $4 AND d.search_vector @@ to_tsquery(''simple'', $2)'
      USING p_hub, p_query, p_exact, app_cluster_id();
  END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_directory_matches(bigint, text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_directory_matches(bigint, text, text) TO commons_app;--> statement-breakpoint
-- One page of the hub's entries matching a full-text query, by last name after (p_after_sort, p_after_id):
-- the hub's sort index walked with the match as a filter, or the GIN index for a rare word (each call is
-- planned with its query). For the one-word searches whose facets come from directory_term_facets.
CREATE OR REPLACE FUNCTION app_directory_page(p_hub bigint, p_query text, p_after_sort text, p_after_id uuid, p_limit integer)
  RETURNS TABLE (user_id uuid, sort_name text) LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF app_cluster_id() IS NULL OR NOT app_can_see_hub(p_hub) THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE
      'SELECT d.user_id, d.sort_name FROM directory_entries d
       WHERE d.hub_id = $1 AND d.cluster_id = $2 AND d.search_vector @@ to_tsquery(''simple'', $3)
         AND ($4::text IS NULL OR (d.sort_name, d.user_id) > ($4, $5))
       ORDER BY d.sort_name, d.user_id LIMIT $6'
      USING p_hub, app_cluster_id(), p_query, p_after_sort, p_after_id, p_limit;
  END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_directory_page(bigint, text, text, uuid, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_directory_page(bigint, text, text, uuid, integer) TO commons_app;--> statement-breakpoint
-- How each word of p_terms expands in the hub's vocabulary: the (first two) words starting with it, kind
-- 'prefix'; or, when there is none, the corrections: up to p_limit words most similar to it (pg_trgm's % at
-- its default threshold 0.3, then by similarity), kind 'correction'. Definer for the same reason as
-- app_directory_matches: % and LIKE are not leakproof, so under row-level security the trigram GIN index
-- could not be used and every word of the hub would be compared. Bound to the request's cluster and a
-- visible hub.
CREATE OR REPLACE FUNCTION app_directory_corrections(p_hub bigint, p_terms text[], p_limit integer)
  RETURNS TABLE (q text, term text, kind text) LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  #variable_conflict use_column
  BEGIN
    IF app_cluster_id() IS NULL OR NOT app_can_see_hub(p_hub) THEN
      RETURN;
    END IF;
    -- PL/pgSQL keeps the plan of this static query for the session (a SQL function would plan it per call).
    RETURN QUERY
      WITH prefixed AS (
        SELECT t.q, p.term FROM unnest(p_terms) t(q)
        CROSS JOIN LATERAL (
          SELECT e.term FROM directory_terms e
          WHERE e.term LIKE t.q || '%' AND e.hub_id = p_hub AND e.cluster_id = app_cluster_id()
          ORDER BY e.term LIMIT 2
        ) p
      )
      SELECT prefixed.q, prefixed.term, 'prefix'::text FROM prefixed
      UNION ALL
      SELECT t.q, c.term, 'correction'::text FROM unnest(p_terms) t(q)
      CROSS JOIN LATERAL (
        SELECT d.term FROM directory_terms d
        WHERE d.term % t.q AND d.hub_id = p_hub AND d.cluster_id = app_cluster_id()
        ORDER BY similarity(d.term, t.q) DESC, d.term LIMIT p_limit
      ) c
      WHERE t.q NOT IN (SELECT prefixed.q FROM prefixed);
  END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_directory_corrections(bigint, text[], integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_directory_corrections(bigint, text[], integer) TO commons_app;--> statement-breakpoint
-- Rebuilds the vocabulary and the facet counts from the entries (owner only: after a bulk load with
-- triggers off, and to prune words nobody uses any more).
CREATE OR REPLACE FUNCTION app_rebuild_directory_search() RETURNS void LANGUAGE sql VOLATILE
  AS $$
    DELETE FROM directory_terms;
    INSERT INTO directory_terms (cluster_id, hub_id, term)
      SELECT DISTINCT d.cluster_id, d.hub_id, w.lexeme
      FROM directory_entries d, unnest(d.search_vector) w
      WHERE length(w.lexeme) >= 3 AND w.lexeme ~ '[[:alpha:]]';
    DELETE FROM directory_facet_counts;
    INSERT INTO directory_facet_counts (cluster_id, hub_id, user_type_id, industry, graduation_year, entries)
      SELECT d.cluster_id, d.hub_id, k.user_type_id, k.industry, k.graduation_year, count(*)::int
      FROM directory_entries d, app_directory_facet_keys(d.user_type_id, d.industries, d.graduation_years) k
      GROUP BY d.cluster_id, d.hub_id, k.user_type_id, k.industry, k.graduation_year;
    DELETE FROM directory_term_facets;
    INSERT INTO directory_term_facets (cluster_id, hub_id, term, facet, value, entries)
      SELECT d.cluster_id, d.hub_id, k.term, k.facet, k.value, count(*)::int
      FROM directory_entries d, app_directory_term_facet_keys(d.search_vector, d.user_type_id, d.industries, d.graduation_years) k
      GROUP BY d.cluster_id, d.hub_id, k.term, k.facet, k.value;
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_rebuild_directory_search() FROM PUBLIC;--> statement-breakpoint
SELECT app_rebuild_directory_search();
