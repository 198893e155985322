// The Marquee Player's screens: pairing (a fresh player shows its server and a large code for staff to
// type on the location's Devices tab), then paired (the device token kept in IndexedDB, never shown;
// a heartbeat every minute with the player's facts, answering staff's commands; the playlist asked for
// about every minute and its files downloaded and checked; the plays sent from their queue), and
// playback once a playlist is held. A refused token (the device was deleted or disabled) forgets the
// pairing, the playlist, the queue and the cached files and shows a new code.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GatewayCommand } from '@marquee/contracts/device-commands';
import type { HeartbeatInput, PlaylistResponse } from '@marquee/contracts/device-gateway';
import type { PairingCreated } from '@marquee/contracts/device-pairing';
import { slotAt } from '@marquee/contracts/schedule';
import { askPairing, fetchPlaylist, heartbeat, pollPairing, postScreenshot, ServerError, TokenRefused } from './api.ts';
import { bestOffset, type ClockSample, keepSample, offsetBy } from './clock.ts';
import { fault, restoreFaults, takeFaults } from './faults.ts';
import { acknowledged, commandDone, doneToSend, forgetDone, storageFacts } from './heartbeat-facts.ts';
import { MEDIA_CACHE, MediaTokenRefused, syncMedia } from './media.ts';
import { Playback, planOf } from './playback.tsx';
import { droppedSinceHeartbeat, forgetCutPlays, queueDepth, startSending } from './plays.ts';
import { mediaOf, PLAYLIST_KEY, playlistPollMs, type HeldPlaylist } from './playlist.ts';
import { reloadIfDue, reloadNow } from './reload.ts';
import { captureScreen } from './screenshot.ts';
import { load, PLAYS, remove, save, transact } from './store.ts';

/** What pairing gave the player: its token and which device it is. */
export type Paired = {
  token: string;
  device: { id: number; serial_number: string; location: number; zones: number[] };
};

type View =
  | { kind: 'starting' }
  | { kind: 'pairing'; pairing: PairingCreated | null; problem: string | null }
  | {
      kind: 'paired';
      paired: Paired;
      lastContact: string | null;
      problem: string | null;
      /** The playlist's clips: how many are downloaded and checked, of how many. */
      clips: { ready: number; total: number } | null;
      /** The playlist played once its files were first looked for (null: the status above is shown). */
      playing: PlaylistResponse | null;
      /** The keys of its files in hand (the others' slots show the slate). */
      ready: ReadonlySet<string>;
    };

const PAIRED_KEY = 'paired';
const HEARTBEAT_MS = 60_000;
/** How often the screen sends a picture of itself while the location is open. */
const SCREENSHOT_EVERY_MS = 15 * 60_000;
/** How long to wait after a failed call when the server named no time. */
const RETRY_SECONDS = 10;

const describe = (err: unknown) =>
  err instanceof ServerError
    ? `The server answered ${err.status}. Trying again.`
    : 'The server cannot be reached. Trying again.';

/** Whole minutes until `iso` (the display's clock may be off, so no time of day is shown). */
const minutesLeft = (iso: string) => Math.max(1, Math.round((Date.parse(iso) - Date.now()) / 60_000));

/** Forgets the pairing, the playlist, the plays of the device and every cached file: the screen
 * starts over. */
async function forget() {
  await remove(PAIRED_KEY);
  await remove(PLAYLIST_KEY);
  await forgetDone();
  await transact(PLAYS, 'readwrite', (s) => s.clear());
  forgetCutPlays();
  if ('caches' in globalThis) await caches.delete(MEDIA_CACHE);
}

export function App() {
  const [view, setView] = useState<View>({ kind: 'starting' });

  useEffect(() => {
    void load<Paired>(PAIRED_KEY).then((paired) =>
      setView(
        paired
          ? { kind: 'paired', paired, lastContact: null, problem: null, clips: null, playing: null, ready: new Set() }
          : { kind: 'pairing', pairing: null, problem: null },
      ),
    );
  }, []);

  // Pairing: ask for a code, poll it until staff typed it in (a new code when one expires).
  const pairing = view.kind === 'pairing';
  useEffect(() => {
    if (!pairing) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = (seconds: number) => new Promise((resolve) => (timer = setTimeout(resolve, seconds * 1000)));
    void (async () => {
      let current: PairingCreated | null = null;
      while (!stopped) {
        try {
          if (!current || Date.parse(current.expires_at) <= Date.now()) {
            current = await askPairing();
            const shown = current;
            if (!stopped) setView({ kind: 'pairing', pairing: shown, problem: null });
          }
          await wait(current.poll_seconds);
          if (stopped) return;
          const status = await pollPairing(current);
          if (status === null) current = null;
          else if (status.status === 'paired') {
            const paired: Paired = { token: status.token, device: status.device };
            await save(PAIRED_KEY, paired);
            if (!stopped)
              setView({
                kind: 'paired',
                paired,
                lastContact: null,
                problem: null,
                clips: null,
                playing: null,
                ready: new Set(),
              });
            return;
          }
        } catch (err) {
          if (stopped) return;
          setView((v) => (v.kind === 'pairing' ? { ...v, problem: describe(err) } : v));
          await wait(err instanceof ServerError && err.retryAfter ? err.retryAfter : RETRY_SECONDS);
        }
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pairing]);

  // Paired: a refused token (device deleted or disabled) starts pairing over.
  const token = view.kind === 'paired' ? view.paired.token : null;
  // (Several calls may be refused at once, the playlist's and the plays': a later one must not take
  // away the code the first one's pairing already shows.)
  const refused = useCallback(async () => {
    await forget();
    setView((v) => (v.kind === 'pairing' ? v : { kind: 'pairing', pairing: null, problem: null }));
  }, []);
  /** The playlist whose clips are all in hand: its version is echoed by the heartbeat. */
  const applied = useRef<PlaylistResponse | null>(null);
  /** The playlist held (played), whether or not all its files are in hand. */
  const held = useRef<PlaylistResponse | null>(null);
  /** The server's clock minus this display's (ms), from the answers of heartbeats (the best of the last
   * few, clock.ts), or of the first playlist before any heartbeat answered. */
  const offset = useRef<number | null>(null);
  const clockSamples = useRef<ClockSample[]>([]);
  const now = useCallback(() => Date.now() + (offset.current ?? 0), []);

  /** Asks for the playlist and its files now (after the cache was cleared). */
  const syncNow = useRef<() => void>(() => undefined);
  /** Whether the location is closed now by the playlist held (the screen is black). */
  const closedNow = useCallback(() => {
    const playlist = held.current;
    const zone = playlist?.zones[0];
    return !!playlist && zone !== undefined && slotAt(planOf(playlist), zone, now()).kind === 'closed';
  }, [now]);

  // The plays, sent from their queue every minute and when the network returns.
  useEffect(() => {
    if (!token) return;
    return startSending(token, () => void refused());
  }, [token, refused]);

  // A picture of the screen every 15 minutes while the location is open.
  useEffect(() => {
    if (!token) return;
    const timer = setInterval(() => {
      if (!closedNow())
        void captureScreen()
          .then((jpeg) => postScreenshot(token, jpeg))
          .catch(() => undefined);
    }, SCREENSHOT_EVERY_MS);
    return () => clearInterval(timer);
  }, [token, closedNow]);

  // A heartbeat now and every minute, with the player's facts; its answer may carry commands.
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    const carryOut = async (commands: GatewayCommand[]) => {
      for (const command of commands) {
        if (command.kind === 'screenshot') {
          await captureScreen()
            .then((jpeg) => postScreenshot(token, jpeg))
            .catch(() => fault('other'));
        } else if (command.kind === 'clear_cache') {
          await caches.delete(MEDIA_CACHE);
          syncNow.current();
        }
        await commandDone(command.id);
        // Acknowledged by the heartbeat after the reload.
        if (command.kind === 'reload') return reloadNow();
      }
    };
    const beat = async () => {
      const faults = takeFaults();
      try {
        const playlist = applied.current;
        const done = await doneToSend();
        const dropped = await droppedSinceHeartbeat();
        const input: HeartbeatInput = {
          status: 'ok',
          screen_state: closedNow() ? 'off_by_schedule' : 'on',
          app_version: __PLAYER_VERSION__,
          ...(playlist ? { playlist_version: playlist.version } : {}),
          ...(offset.current === null ? {} : { clock_offset_ms: -Math.round(offset.current) }),
          queue_depth: await queueDepth(),
          dropped: dropped.dropped,
          faults,
          ...(done.length ? { done_commands: done } : {}),
          ...(await storageFacts()),
        };
        // The round trip is timed around the call alone, the facts gathered before it.
        const sent = Date.now();
        const answer = await heartbeat(token, input);
        const received = Date.now();
        clockSamples.current = keepSample(clockSamples.current, {
          sent,
          received,
          serverTime: Date.parse(answer.server_time),
          heldMs: answer.server_held_ms,
        });
        offset.current = bestOffset(clockSamples.current);
        await dropped.settle();
        await acknowledged(done);
        if (!stopped)
          setView((v) => (v.kind === 'paired' ? { ...v, lastContact: answer.server_time, problem: null } : v));
        if (!stopped && answer.commands.length) await carryOut(answer.commands);
      } catch (err) {
        restoreFaults(faults);
        if (stopped) return;
        if (err instanceof TokenRefused) {
          stopped = true;
          await refused();
        } else setView((v) => (v.kind === 'paired' ? { ...v, problem: describe(err) } : v));
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [token, refused, closedNow]);

  // The playlist about every minute (If-None-Match: 304 while unchanged), kept for offline, and its
  // clips downloaded and checked; without network the one held stays.
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void navigator.storage?.persist?.();
    /** A cycle is running; another was asked for meanwhile. */
    let busy = false;
    let again = false;
    const cycle = async () => {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        const kept = await load<HeldPlaylist>(PLAYLIST_KEY);
        // Without network (or with the server away) the playlist kept plays on.
        const sent = Date.now();
        const fresh = await fetchPlaylist(token, kept?.etag ?? null).catch((err: unknown) => {
          if (err instanceof TokenRefused) throw err;
          return null;
        });
        const received = Date.now();
        // A new playlist tells the server's clock too, so the first loop plays on it even when the
        // first heartbeat's answer has not come yet. Only then: a heartbeat's answer is small and made
        // at once, so it measures the clock closer than a playlist's, which may take a while to send.
        if (fresh && offset.current === null)
          offset.current = offsetBy({ sent, received, serverTime: Date.parse(fresh.playlist.server_time), heldMs: 0 });
        const current = fresh ? { ...fresh, fetchedAt: Date.now() } : kept;
        if (fresh) await save(PLAYLIST_KEY, current);
        if (current && !stopped) {
          held.current = current.playlist;
          const files = mediaOf(current.playlist);
          const result = await syncMedia(token, files);
          for (const { why } of result.failed) fault(why);
          if (result.evicted) fault('storage_evicted', result.evicted);
          if (!result.failed.length) applied.current = current.playlist;
          if (!stopped)
            setView((v) =>
              v.kind === 'paired'
                ? {
                    ...v,
                    clips: { ready: result.ready.size, total: files.length },
                    // The same version keeps the object playing (a new one takes over at a loop's start).
                    playing: v.playing?.version === current.playlist.version ? v.playing : current.playlist,
                    ready: result.ready,
                  }
                : v,
            );
          // Once a day, while the location is closed, a fresh page.
          const zone = current.playlist.zones[0];
          if (
            zone !== undefined &&
            reloadIfDue('daily', slotAt(planOf(current.playlist), zone, now()).kind === 'closed')
          )
            return;
        }
      } catch (err) {
        if (err instanceof TokenRefused || err instanceof MediaTokenRefused) {
          if (!stopped) await refused();
          return;
        }
      } finally {
        busy = false;
      }
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(() => void cycle(), again ? 0 : playlistPollMs());
      again = false;
    };
    syncNow.current = () => {
      clearTimeout(timer);
      void cycle();
    };
    void cycle();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, refused, now]);

  if (view.kind === 'starting') return <main className="screen" aria-busy="true" />;
  if (view.kind === 'pairing') {
    const code = view.pairing?.code;
    return (
      <main className="screen pairing">
        <h1>Marquee Player</h1>
        <p className="server">
          Server <strong>{location.host}</strong>
        </p>
        {code ? (
          <>
            <p className="code" aria-label="Pairing code">
              {code.slice(0, 3)} {code.slice(3)}
            </p>
            <ol className="steps">
              <li>In Marquee, open this screen&apos;s location and its Devices tab.</li>
              <li>Choose “Pair a screen” and type this code.</li>
            </ol>
            <p className="hint">
              The code is valid for {minutesLeft(view.pairing!.expires_at)} minutes; a new one follows.
            </p>
          </>
        ) : (
          <p className="hint">Asking the server for a pairing code…</p>
        )}
        {view.problem && (
          <p className="problem" role="alert">
            {view.problem}
          </p>
        )}
      </main>
    );
  }
  if (view.playing) return <Playback playlist={view.playing} now={now} ready={view.ready} />;
  const { device } = view.paired;
  return (
    <main className="screen paired">
      <h1>Paired as {device.serial_number}</h1>
      <p className="hint">
        {device.zones.length === 1 ? `Zone ${device.zones[0]}` : `Zones ${device.zones.join(', ')}`} of its location.
        {view.lastContact ? ' Reporting to the server every minute.' : ' Reaching the server…'}
      </p>
      {view.clips && (
        <p className="hint">
          {view.clips.total === 0
            ? 'Nothing to play yet.'
            : `${view.clips.ready} of ${view.clips.total} clips downloaded and checked.`}
        </p>
      )}
      {!isSecureContext && (
        <p className="problem" role="alert">
          Opened over plain HTTP, the player can neither check nor keep its clips: open it over HTTPS.
        </p>
      )}
      {view.problem && (
        <p className="problem" role="alert">
          {view.problem}
        </p>
      )}
    </main>
  );
}
