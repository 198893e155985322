// The build version shared by the server (x-imm-version) and the web build: package version plus
// the git commit when there is one. A server and a web bundle from different commits differ.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** @returns {string} */
export function buildVersion() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return sha ? `${version}+${sha}` : version;
  } catch {
    return version;
  }
}
