import type { TopicPosition } from '@jinb/contract';
import { Redis } from 'ioredis';
import { type Catchup, DEFAULT_HISTORY, type Delivery, type HistoryBounds, newEpoch, type TopicLog } from './topic-log';

type Logger = { warn(object: object, message: string): void; info(object: object, message: string): void };

/** How long a topic's epoch and version outlive its last use: a topic quiet for longer starts a new epoch. */
const POSITION_TTL_MS = 24 * 3_600_000;

/**
 * One script per publication, so the version is assigned in one place for every process, the history entry and the
 * fan-out message leave in that same order, and ordering per topic holds across processes. The stream's entry id is
 * the version itself (`<version>-0`), so a catch-up is one XRANGE from the position a client sends.
 */
const APPEND = `
local state = redis.call('HMGET', KEYS[1], 'e', 'v')
local epoch = state[1]
if not epoch then
  epoch = ARGV[1]
  redis.call('HSET', KEYS[1], 'e', epoch, 'v', 0)
  redis.call('DEL', KEYS[2])
end
local v = redis.call('HINCRBY', KEYS[1], 'v', 1)
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local frame = '{"topic":' .. ARGV[2] .. ',"epoch":"' .. epoch .. '","version":' .. v .. ',"data":' .. ARGV[3] .. '}'
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], v .. '-0', 't', now, 'f', frame)
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PUBLISH', ARGV[7], ARGV[8] .. '\\n' .. epoch .. '\\n' .. v .. '\\n' .. frame)
return v
`;

/**
 * The position now and, with a position to start from, what came after it: one script, so the position answered
 * and the publications replayed agree. Returns {epoch, version} or {epoch, version, 'reload' | 'replay', frames...}.
 */
const SINCE = `
local state = redis.call('HMGET', KEYS[1], 'e', 'v')
local epoch = state[1]
local v = tonumber(state[2] or '0')
if not epoch then
  epoch = ARGV[1]
  v = 0
  redis.call('HSET', KEYS[1], 'e', epoch, 'v', 0)
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
if ARGV[2] == '' then return {epoch, v} end
local since = tonumber(ARGV[3])
if ARGV[2] ~= epoch or since > v or v - since > tonumber(ARGV[4]) then return {epoch, v, 'reload'} end
if since == v then return {epoch, v, 'replay'} end
local entries = redis.call('XRANGE', KEYS[2], (since + 1) .. '-0', '+')
if #entries ~= v - since or entries[1][1] ~= (since + 1) .. '-0' then return {epoch, v, 'reload'} end
local t = redis.call('TIME')
local oldest = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) - tonumber(ARGV[5])
local reply = {epoch, v, 'replay'}
for i, entry in ipairs(entries) do
  local fields = entry[2]
  local at, frame
  for j = 1, #fields, 2 do
    if fields[j] == 't' then at = tonumber(fields[j + 1]) elseif fields[j] == 'f' then frame = fields[j + 1] end
  end
  if i == 1 and at < oldest then return {epoch, v, 'reload'} end
  reply[#reply + 1] = frame
end
return reply
`;

type ScriptedRedis = Redis & {
  rtAppend(...args: Array<string | number>): Promise<number>;
  rtSince(...args: Array<string | number>): Promise<Array<string | number>>;
};

/**
 * Several processes behind a load balancer (REDIS_URL). Per topic a hash `<prefix>{<topic>}:p` holds the epoch and
 * the last version, and a stream `<prefix>{<topic>}:h` the history (MAXLEN ~ maxEntries, expiring maxAgeMs after
 * the last publication); the braces keep both in one cluster slot. Every publication goes out on one pub/sub channel
 * that every process subscribes to: each delivers it to its own sockets of the topic and drops the rest.
 *
 * Never holds up a caller: publications are handed over without waiting, and while Redis is away they fail within
 * a reconnect attempt and are dropped; clients find out through the gap in versions or the resync after the
 * subscription comes back.
 */
export function createRedisTopicLog(
  url: string,
  options: { prefix?: string; bounds?: HistoryBounds; log?: Logger } = {},
): TopicLog {
  const prefix = options.prefix ?? 'jinb:rt:';
  const bounds = options.bounds ?? DEFAULT_HISTORY;
  const channel = `${prefix}publications`;
  const retryStrategy = (attempt: number) => Math.min(attempt * 200, 5_000);
  // The offline queue only bridges a connect in progress (the first requests after a start): with one retry per
  // command, anything queued during an outage fails after the first reconnect attempt, and the hub caps how many
  // publications may wait at all.
  const commands = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy,
  }) as ScriptedRedis;
  commands.defineCommand('rtAppend', { numberOfKeys: 2, lua: APPEND });
  commands.defineCommand('rtSince', { numberOfKeys: 2, lua: SINCE });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 2_000, retryStrategy });

  const deliveryListeners: Array<(delivery: Delivery) => void> = [];
  const resyncListeners: Array<() => void> = [];
  let down = false;
  const quiet = (error: Error) => {
    if (down) return;
    down = true;
    options.log?.warn({ err: { message: error.message } }, 'redis unavailable: realtime publications are dropped');
  };
  commands.on('error', quiet);
  subscriber.on('error', quiet);
  let subscribedOnce = false;
  subscriber.on('ready', () => {
    if (down) options.log?.info({}, 'redis is back: realtime publications flow again');
    down = false;
    // Whatever was published while the subscription was down never reached this process.
    if (subscribedOnce) for (const listener of resyncListeners) listener();
    subscribedOnce = true;
  });
  subscriber.subscribe(channel).catch(quiet);
  subscriber.on('message', (_channel: string, message: string) => {
    const first = message.indexOf('\n');
    const second = message.indexOf('\n', first + 1);
    const third = message.indexOf('\n', second + 1);
    if (first < 0 || second < 0 || third < 0) return;
    const delivery: Delivery = {
      topic: message.slice(0, first),
      epoch: message.slice(first + 1, second),
      version: Number(message.slice(second + 1, third)),
      frame: message.slice(third + 1),
    };
    for (const listener of deliveryListeners) listener(delivery);
  });

  const keys = (topic: string) => [`${prefix}{${topic}}:p`, `${prefix}{${topic}}:h`] as const;
  const since = async (topic: string, from: TopicPosition | undefined): Promise<Array<string | number>> => {
    const [positionKey, historyKey] = keys(topic);
    return commands.rtSince(
      positionKey,
      historyKey,
      newEpoch(),
      from?.epoch ?? '',
      from?.version ?? 0,
      bounds.maxEntries,
      bounds.maxAgeMs,
      POSITION_TTL_MS,
    );
  };

  return {
    async append(topic, visibleTopic, data) {
      const [positionKey, historyKey] = keys(topic);
      await commands.rtAppend(
        positionKey,
        historyKey,
        newEpoch(),
        JSON.stringify(visibleTopic),
        data,
        bounds.maxEntries,
        bounds.maxAgeMs,
        POSITION_TTL_MS,
        channel,
        topic,
      );
    },
    async position(topic) {
      const [epoch, version] = await since(topic, undefined);
      return { epoch: String(epoch), version: Number(version) };
    },
    async since(topic, from): Promise<Catchup> {
      const [epoch, version, outcome, ...frames] = await since(topic, from);
      const position = { epoch: String(epoch), version: Number(version) };
      if (outcome !== 'replay') return { kind: 'reload', position };
      return {
        kind: 'replay',
        position,
        frames: frames.map((frame, index) => ({
          topic,
          epoch: position.epoch,
          version: from.version + index + 1,
          frame: String(frame),
        })),
      };
    },
    onDelivery(listener) {
      deliveryListeners.push(listener);
    },
    onResync(listener) {
      resyncListeners.push(listener);
    },
    async close() {
      deliveryListeners.length = 0;
      resyncListeners.length = 0;
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
