CREATE TABLE "realtime_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "realtime_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"stream" text NOT NULL,
	"position" bigint,
	"data" json NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_nodes" (
	"node" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_presence" (
	"channel" text NOT NULL,
	"client" text NOT NULL,
	"user_id" text NOT NULL,
	"node" text NOT NULL,
	CONSTRAINT "realtime_presence_channel_client_pk" PRIMARY KEY("channel","client")
);
--> statement-breakpoint
CREATE TABLE "realtime_streams" (
	"stream" text PRIMARY KEY NOT NULL,
	"epoch" text NOT NULL,
	"top" bigint NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "realtime_history_stream_position" ON "realtime_history" USING btree ("stream","position");--> statement-breakpoint
CREATE INDEX "realtime_history_published" ON "realtime_history" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "realtime_history_pending" ON "realtime_history" USING btree ("id") WHERE "realtime_history"."position" is null;--> statement-breakpoint
CREATE INDEX "realtime_presence_node" ON "realtime_presence" USING btree ("node");--> statement-breakpoint
CREATE INDEX "realtime_streams_published" ON "realtime_streams" USING btree ("published_at");--> statement-breakpoint
-- A publication to a realtime channel (modules/realtime/publish.ts), selected by the statement of
-- the change it reports: the envelope {"c": channel, "d": data} or {"s": session id, "k": kind,
-- "d": data} becomes a row of the channel's stream, positioned at the commit.
CREATE FUNCTION cashdesk_realtime_publish(envelope text) RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO realtime_history (stream, data, published_at)
  SELECT coalesce(e->>'c', (e->>'k') || ':' || encode(sha256(convert_to('realtime-stream:' || (e->>'s'), 'UTF8')), 'hex')), e->'d', now()
  FROM (SELECT envelope::json AS e) AS parsed
$$;
--> statement-breakpoint
-- At the commit of a transaction that published (the first of its rows' deferred triggers does
-- it for all): lock its streams in one order (two committing transactions cannot deadlock), give
-- each publication the next position of its stream, keep the last 100 of the stream, and notify
-- every process's hub {"t": stream, "o": position, "e": epoch, "d": data}. Positions follow the
-- order of the commits, as the notifications do.
CREATE FUNCTION cashdesk_realtime_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending record;
  assigned record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM realtime_history WHERE id = NEW.id AND position IS NULL) THEN
    RETURN NULL;
  END IF;
  INSERT INTO realtime_streams (stream, epoch, top, published_at)
  SELECT named.stream, substr(md5(random()::text || clock_timestamp()::text), 1, 16), 0, now()
  FROM (SELECT DISTINCT stream FROM realtime_history WHERE position IS NULL) AS named
  ORDER BY named.stream
  ON CONFLICT (stream) DO NOTHING;
  PERFORM 1 FROM realtime_streams
  WHERE stream IN (SELECT stream FROM realtime_history WHERE position IS NULL)
  ORDER BY stream FOR UPDATE;
  FOR pending IN SELECT id, stream, data FROM realtime_history WHERE position IS NULL ORDER BY id LOOP
    UPDATE realtime_streams SET top = top + 1, published_at = now()
    WHERE stream = pending.stream RETURNING top, epoch INTO assigned;
    UPDATE realtime_history SET position = assigned.top WHERE id = pending.id;
    DELETE FROM realtime_history WHERE stream = pending.stream AND position <= assigned.top - 100;
    PERFORM pg_notify('cashdesk_realtime', json_build_object('t', pending.stream, 'o', assigned.top, 'e', assigned.epoch, 'd', pending.data)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER realtime_history_commit AFTER INSERT ON realtime_history
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cashdesk_realtime_commit();
