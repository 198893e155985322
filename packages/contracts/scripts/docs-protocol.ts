/// <reference types="node" />
// `npm run docs:protocol`: writes the device protocol reference into docs/devices.md, between its
// protocol markers, from the contracts.
import fs from 'node:fs';
import { devicesDocPath, renderProtocol, withProtocol } from '../src/device-protocol-doc.ts';

const before = fs.readFileSync(devicesDocPath, 'utf8');
const after = withProtocol(before, renderProtocol());
if (after === before) {
  console.log(`${devicesDocPath}: the protocol reference is up to date.`);
} else {
  fs.writeFileSync(devicesDocPath, after);
  console.log(`${devicesDocPath}: the protocol reference was written.`);
}
