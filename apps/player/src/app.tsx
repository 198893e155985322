// The Marquee Player's screens: pairing (a fresh player shows its server and a large code for staff to
// type on the location's Devices tab), then paired (the device token kept in IndexedDB, never shown;
// a heartbeat every minute; the playlist asked for about every minute and its clips downloaded and
// checked). A refused token (the device was deleted or disabled) forgets the pairing, the playlist
// and the cached files and shows a new code.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaylistResponse } from '@marquee/contracts/device-gateway';
import type { PairingCreated } from '@marquee/contracts/device-pairing';
import { askPairing, fetchPlaylist, heartbeat, pollPairing, ServerError, TokenRefused } from './api.ts';
import { MEDIA_CACHE, MediaTokenRefused, syncMedia } from './media.ts';
import { slotAt } from '@marquee/contracts/schedule';
import { Playback, planOf } from './playback.tsx';
import { mediaOf, PLAYLIST_KEY, playlistPollMs, type HeldPlaylist } from './playlist.ts';
import { reloadIfDue } from './reload.ts';
import { load, remove, save } from './store.ts';

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
      /** The playlist played: its clips all in hand (null: the status above is shown instead). */
      playing: PlaylistResponse | null;
    };

const PAIRED_KEY = 'paired';
const HEARTBEAT_MS = 60_000;
/** How long to wait after a failed call when the server named no time. */
const RETRY_SECONDS = 10;

const describe = (err: unknown) =>
  err instanceof ServerError
    ? `The server answered ${err.status}. Trying again.`
    : 'The server cannot be reached. Trying again.';

/** Whole minutes until `iso` (the display's clock may be off, so no time of day is shown). */
const minutesLeft = (iso: string) => Math.max(1, Math.round((Date.parse(iso) - Date.now()) / 60_000));

/** Forgets the pairing, the playlist and every cached file: the screen starts over. */
async function forget() {
  await remove(PAIRED_KEY);
  await remove(PLAYLIST_KEY);
  if ('caches' in globalThis) await caches.delete(MEDIA_CACHE);
}

export function App() {
  const [view, setView] = useState<View>({ kind: 'starting' });

  useEffect(() => {
    void load<Paired>(PAIRED_KEY).then((paired) =>
      setView(
        paired
          ? { kind: 'paired', paired, lastContact: null, problem: null, clips: null, playing: null }
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
              setView({ kind: 'paired', paired, lastContact: null, problem: null, clips: null, playing: null });
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
  const refused = useCallback(async () => {
    await forget();
    setView({ kind: 'pairing', pairing: null, problem: null });
  }, []);
  /** The playlist whose clips are all in hand: its version is echoed by the heartbeat. */
  const applied = useRef<PlaylistResponse | null>(null);
  /** The server's clock minus this display's (ms), from the heartbeats' answers. */
  const offset = useRef<number | null>(null);
  const now = useCallback(() => Date.now() + (offset.current ?? 0), []);

  // A heartbeat now and every minute.
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    const beat = async () => {
      try {
        const playlist = applied.current;
        const zone = playlist?.zones[0];
        const closed = playlist && zone !== undefined && slotAt(planOf(playlist), zone, now()).kind === 'closed';
        const sent = Date.now();
        const answer = await heartbeat(token, {
          status: 'ok',
          screen_state: closed ? 'off_by_schedule' : 'on',
          app_version: __PLAYER_VERSION__,
          ...(playlist ? { playlist_version: playlist.version } : {}),
          ...(offset.current === null ? {} : { clock_offset_ms: -Math.round(offset.current) }),
        });
        // The answer's clock against the middle of the round trip.
        offset.current = Date.parse(answer.server_time) - (sent + Date.now()) / 2;
        if (!stopped)
          setView((v) => (v.kind === 'paired' ? { ...v, lastContact: answer.server_time, problem: null } : v));
      } catch (err) {
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
  }, [token, refused, now]);

  // The playlist about every minute (If-None-Match: 304 while unchanged), kept for offline, and its
  // clips downloaded and checked; without network the one held stays.
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void navigator.storage?.persist?.();
    const cycle = async () => {
      try {
        const held = await load<HeldPlaylist>(PLAYLIST_KEY);
        const fresh = await fetchPlaylist(token, held?.etag ?? null);
        const current = fresh ? { ...fresh, fetchedAt: Date.now() } : held;
        if (fresh) await save(PLAYLIST_KEY, current);
        if (current && !stopped) {
          const files = mediaOf(current.playlist);
          const result = await syncMedia(token, files);
          const complete = !result.failed.length;
          if (complete) applied.current = current.playlist;
          const playing = complete && files.length ? current.playlist : null;
          if (!stopped)
            setView((v) =>
              v.kind === 'paired'
                ? { ...v, clips: { ready: result.ready, total: files.length }, playing: playing ?? v.playing }
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
      }
      if (!stopped) timer = setTimeout(() => void cycle(), playlistPollMs());
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
  if (view.playing) return <Playback playlist={view.playing} now={now} />;
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
