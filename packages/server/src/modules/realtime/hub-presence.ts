/**
 * SPEC §7 presence and presence stats: who is subscribed to a channel, on every process. Each
 * process's hub (hub.ts) writes its subscriptions into `realtime_presence` (db/schema/realtime.ts)
 * under its node, and heartbeats its node in `realtime_nodes`; a read takes the rows of the nodes
 * seen lately, so a process that died without cleaning up drops out once its heartbeat is old.
 *
 * Joins and leaves are written in batches (at most one insert and one delete a second, on the
 * hub's sweep), not one statement per subscribe: a process's reconnect storm costs a few
 * statements. A read writes this process's pending batch first, so a connection sees its own
 * subscription; another process's arrives within a second.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { rowsOf } from '../../db/rows';
import type { Client, HubLog } from './hub-client';
import type { SubscriptionEvents } from './hub-subscriptions';
import { isRecord } from '../../platform/is-record';

/** One connection's subscription to one channel. */
interface Entry {
  readonly channel: string;
  readonly client: string;
  readonly user_id: string;
}

/** A channel's subscribers: client id → its client and user, as Centrifugo answers presence. */
export type PresenceInfo = Record<string, { readonly client: string; readonly user: string }>;

function keyOf(client: Client, channel: string): string {
  return `${channel}\u0000${client.id}`;
}

/** See the module comment. */
export class Presence implements SubscriptionEvents {
  private adds = new Map<string, Entry>();
  private removes = new Map<string, Entry>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    /** This process's node (hub.ts). */
    readonly node: string,
    private readonly log: HubLog,
  ) {}

  joined(client: Client, channel: string): void {
    const key = keyOf(client, channel);
    this.removes.delete(key);
    this.adds.set(key, { channel, client: client.id, user_id: client.claims?.sub ?? '' });
  }

  left(client: Client, channel: string): void {
    const key = keyOf(client, channel);
    if (this.adds.delete(key)) return;
    this.removes.set(key, { channel, client: client.id, user_id: '' });
  }

  /** Writes the pending joins and leaves (in order after any write under way). */
  flush(): Promise<void> {
    if (this.adds.size === 0 && this.removes.size === 0) return this.writing;
    const adds = [...this.adds.values()].map((entry) => ({ ...entry, node: this.node }));
    const removes = [...this.removes.values()];
    this.adds = new Map();
    this.removes = new Map();
    this.writing = this.writing.then(async () => {
      try {
        if (removes.length > 0) {
          await this.db.execute(sql`delete from realtime_presence p
            using json_to_recordset(${JSON.stringify(removes)}::json) as r(channel text, client text)
            where p.channel = r.channel and p.client = r.client`);
        }
        if (adds.length > 0) {
          await this.db.execute(sql`insert into realtime_presence (channel, client, user_id, node)
            select channel, client, user_id, node from json_to_recordset(${JSON.stringify(adds)}::json)
              as r(channel text, client text, user_id text, node text)
            on conflict do nothing`);
        }
      } catch (error: unknown) {
        this.log.warn(
          { error: error instanceof Error ? error.name : typeof error },
          'realtime presence could not be written',
        );
      }
    });
    return this.writing;
  }

  /** Marks this process's node alive at `now`. */
  async heartbeat(now: Date): Promise<void> {
    await this.db
      .execute(sql`insert into realtime_nodes (node, seen_at) values (${this.node}, ${now})
      on conflict (node) do update set seen_at = excluded.seen_at`);
  }

  /** The subscribers of `channel` on the nodes seen since `aliveSince`. */
  async read(channel: string, aliveSince: Date): Promise<PresenceInfo> {
    await this.flush();
    const rows = await rowsOf(
      this.db.execute(sql`select p.client, p.user_id from realtime_presence p
        join realtime_nodes n on n.node = p.node
        where p.channel = ${channel} and n.seen_at > ${aliveSince}
        order by p.client`),
    );
    const info: PresenceInfo = {};
    for (const row of rows) {
      if (!isRecord(row)) continue;
      const { client, user_id: user } = row;
      if (typeof client === 'string' && typeof user === 'string') info[client] = { client, user };
    }
    return info;
  }

  /** Deletes the rows of nodes not seen since `aliveSince` (any process may). */
  async retain(aliveSince: Date): Promise<void> {
    await this.db.execute(sql`delete from realtime_presence p where not exists (
      select 1 from realtime_nodes n where n.node = p.node and n.seen_at >= ${aliveSince})`);
    await this.db.execute(sql`delete from realtime_nodes where seen_at < ${aliveSince}`);
  }

  /** Deletes this node's rows (the process stops). */
  async stop(): Promise<void> {
    this.adds = new Map();
    this.removes = new Map();
    await this.writing;
    await this.db.execute(sql`delete from realtime_presence where node = ${this.node}`);
    await this.db.execute(sql`delete from realtime_nodes where node = ${this.node}`);
  }
}

/** The presence stats of a channel's subscribers. */
export function presenceStats(info: PresenceInfo): { num_clients: number; num_users: number } {
  const entries = Object.values(info);
  return {
    num_clients: entries.length,
    num_users: new Set(entries.map((entry) => entry.user)).size,
  };
}
