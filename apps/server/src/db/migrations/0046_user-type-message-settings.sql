-- The user types editor (issue #22 item 1): each user type keeps every setting of spec 3 Message types for its
-- members (limits, texts, video link, order, pool and opt-in) beside its messageTypes list, which still decides
-- whether a type is enabled for the user type and towards which recipient types. Values are partial per message
-- type and apply over the hub's (moduleSettings.messageTypes). The table keeps its tenant columns and its
-- row-level security policy "user_types_tenant" (migration 0026); a new column needs neither.
ALTER TABLE "user_types" ADD COLUMN IF NOT EXISTS "message_type_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;
