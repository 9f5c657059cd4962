ALTER TABLE "groups" ADD COLUMN "cover_image_url" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cover_image_url" text;--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Cover images (issue #16 item 18): a preset shipped with the web app or an image uploaded through the
-- rich-text image endpoint; nothing else (no hot-linked URL) can reach an <img> of every member.
ALTER TABLE "groups" ADD CONSTRAINT "groups_cover_image_url_check"
  CHECK (cover_image_url ~ '^/(covers/[a-z0-9-]+\.svg|api/rich-text/images/[a-f0-9]{32})$');--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cover_image_url_check"
  CHECK (cover_image_url ~ '^/(covers/[a-z0-9-]+\.svg|api/rich-text/images/[a-f0-9]{32})$');
