// What `npm start` prints once the server listens: where to open it and which addresses it listens on
// (screens on the network pair with it there; HOST=127.0.0.1 keeps a trial to this machine), who can
// sign in on a new database (shown once), where mail goes without SMTP, and how to restart quickly.
import os from 'node:os';

export type BannerInput = {
  version: string;
  host: string;
  port: number;
  /** Without SMTP, mails are files here. */
  outboxDir: string | null;
  /** Set on the first start only. */
  admin?: { password?: string };
  demo?: { usernames: readonly string[]; password?: string };
  /** The machine's network addresses (IPv4, not loopback); os.networkInterfaces() by default. */
  addresses?: readonly string[];
};

const WILDCARDS = new Set(['0.0.0.0', '::', '']);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** The machine's IPv4 addresses other than loopback. */
export function networkAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}

export function startBanner(input: BannerInput): string[] {
  const { version, host, port, outboxDir, admin, demo } = input;
  const local = `http://localhost:${port}/`;
  const lines = [`Marquee ${version} is running: open ${local}`];
  if (WILDCARDS.has(host)) {
    const addresses = input.addresses ?? networkAddresses();
    lines.push(
      `  Listening on every address of this machine (HOST=${host || '0.0.0.0'})${
        addresses.length ? `: ${addresses.map((a) => `http://${a}:${port}/`).join(', ')}` : ''
      }.`,
      '  Other computers and screens on the network can reach it there; HOST=127.0.0.1 keeps a trial to this machine.',
    );
  } else if (LOOPBACK.has(host)) {
    lines.push(`  Listening on ${host} only: this machine alone can reach it.`);
  } else {
    lines.push(`  Listening on ${host}: http://${host.includes(':') ? `[${host}]` : host}:${port}/`);
  }
  if (admin) {
    lines.push(
      admin.password
        ? `  Sign in as "admin" with the password ${admin.password} (shown once; ADMIN_PASSWORD chooses it).`
        : '  Sign in as "admin" with the password from ADMIN_PASSWORD.',
    );
  }
  if (demo?.usernames.length) {
    lines.push(
      `  Demo people, one per role: ${demo.usernames.join(', ')}; their password is ${
        demo.password ? `${demo.password} (shown once; DEMO_PASSWORD chooses it)` : 'the one from DEMO_PASSWORD'
      }.`,
    );
  }
  if (outboxDir) lines.push(`  Mail: no SMTP_URL, so every mail is written to ${outboxDir}`);
  lines.push('  Restart without rebuilding the web app: npm run serve');
  return lines;
}
